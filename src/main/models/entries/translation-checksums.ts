// sha256 of each Firefox Translations download (the .gz files), from the Git LFS pointers of
// github.com/mozilla/firefox-translations-models at main (no longer maintained, so they stay as they are).
export const FIREFOX_TRANSLATIONS_SHA256: Readonly<Record<string, string>> = {
  'base-memory/enes/lex.50.50.enes.s2t.bin.gz': '37a067966f28ff0ba430fddb7412bc5b07afa2cd2fd5a46d9ad74045a1a06380',
  'base-memory/enes/model.enes.intgemm.alphas.bin.gz':
    'fe4025fde24a4d5f80533cfb7acd53d0eb7f194dfc2d8f427f0d4563cfb6ac06',
  'base-memory/enes/vocab.enes.spm.gz': 'ae2760c04bc6eb5362b16e5c2f145c376bb04bac421c33ba3c0766805e6f03b3',
  'base-memory/esen/lex.50.50.esen.s2t.bin.gz': '3d7856bfa3b12804bdc80f12fd828fd9062c462113ab73fbf87c5c3b68420813',
  'base-memory/esen/model.esen.intgemm.alphas.bin.gz':
    '54247f1e057180bca1d404dfd5c12836f65bc96cef7af98e59e55acb8bd093b1',
  'base-memory/esen/vocab.esen.spm.gz': '1658b529b8858cf2e1e8cef2c4e2d69654d77b5f714ac52205864b336dfeb3ee',
  'base-memory/enfr/lex.50.50.enfr.s2t.bin.gz': '055987f0b585b61c4914fb4469e2392fda0b25d3f7784275974f920e7b631997',
  'base-memory/enfr/model.enfr.intgemm.alphas.bin.gz':
    '22cdaf3dc9a1da6e5818b5576737182467f3cd97e6fd6f94e4273eb7b56d1e3f',
  'base-memory/enfr/vocab.enfr.spm.gz': '5dcadaad8191fb4eb7677bce07098a20221dec95976a4db796f3a17cc82b4541',
  'base-memory/fren/lex.50.50.fren.s2t.bin.gz': '395aa7767220e1bcfc085f2b2787ff98005d0075e55451f1e0832885e3d9642a',
  'base-memory/fren/model.fren.intgemm.alphas.bin.gz':
    '06b1eeedd3944260d00a393d12ec7192490c5b7c930b97212faf4d5f5c90a2ee',
  'base-memory/fren/vocab.fren.spm.gz': '8d15b219ffd32327b4cabf0d94a05a4fecb8923a4f386badbcbe5e86ede453a7',
  'base-memory/ende/lex.50.50.ende.s2t.bin.gz': '0370d79cda6fed5dfa8f9b2a0009459bd2766893825bb5b8b5114169d18da6c4',
  'base-memory/ende/model.ende.intgemm.alphas.bin.gz':
    'e3a74458faba3ab2752ed8355c5e3979f13395279c8fc1bd3f54a3c2316e4975',
  'base-memory/ende/vocab.ende.spm.gz': '3b2ddbfac73f994f151a8994447d6b3d41ab0d3435da56f79c233f34d03e45c2',
  'base-memory/deen/lex.50.50.deen.s2t.bin.gz': '231e9caf62e0e867775d5f4c1f4cfae21e37c70d9bf2bd628fa468aeeb2ba869',
  'base-memory/deen/model.deen.intgemm.alphas.bin.gz':
    '38b245bcfc23f6d61fd98a187436ea1320a38f41896df411b103df3e83f51681',
  'base-memory/deen/vocab.deen.spm.gz': '88dcd7fdbf20dc60837ce837244d0d55b20f7079f2cbd2ba8e63530632028310',
  'base-memory/enit/lex.50.50.enit.s2t.bin.gz': 'cd7ef06c0b872c15286a9796f105eb62693f14665490546ac70ce1c6c8f16d47',
  'base-memory/enit/model.enit.intgemm.alphas.bin.gz':
    'cfff470e9f29e27132723589a8bc985648f92773410e5f6fc43293d9e19f97f1',
  'base-memory/enit/vocab.enit.spm.gz': '8f99a6f493bf7e1a03fbba19928d7dc7bf9a1b7938238467f3e80a58c0d50485',
  'base-memory/iten/lex.50.50.iten.s2t.bin.gz': '504877085b31edfa3d31a1918a9a42c20fcbf85ff018caf46c54641db5538e62',
  'base-memory/iten/model.iten.intgemm.alphas.bin.gz':
    '0bc7221c2730723ac4477e8aa1d1d5bd0b9c3450cb8d006a6f86fe5da9129c27',
  'base-memory/iten/vocab.iten.spm.gz': 'df05fae498f519a828eb388cd08ec1b7205a8bcaf2405a5feb9f5e30c49a0977',
  'base-memory/enpt/lex.50.50.enpt.s2t.bin.gz': '265cff4ca31d3fc95628181de98cf668868b44903d69680284dc456aa4191545',
  'base-memory/enpt/model.enpt.intgemm.alphas.bin.gz':
    'afb5ae08a2e40b622cd191584cca1df00721fea43de85cec74191fc180370f08',
  'base-memory/enpt/vocab.enpt.spm.gz': 'c2fbaf26f10563c77fa95cca465ad3666f61dd08bfaef5bb170abd582901f389',
  'base-memory/pten/lex.50.50.pten.s2t.bin.gz': 'b31185389533a97177cbf68ea756b78bfbaa24d31a865d72c6ed203fa414b2f6',
  'base-memory/pten/model.pten.intgemm.alphas.bin.gz':
    'f2d2bb46d452cef561d35504bd198fa6c6ffc47187ee987406a2ac05d9c3935f',
  'base-memory/pten/vocab.pten.spm.gz': '28c9eb4fb13f8eb661f6bb098560a1bf368d25ff890275028ea9d4f3f97b0416',
  'base-memory/ennl/lex.50.50.ennl.s2t.bin.gz': 'b95c612e69270142c352589b4082b936810ec02ab7842c2a573bab6441709d06',
  'base-memory/ennl/model.ennl.intgemm.alphas.bin.gz':
    'a1ab24477ca1289e123e9a2817434f99b47b9b5e461ec65ad273f3dd394814a2',
  'base-memory/ennl/vocab.ennl.spm.gz': '0b12be4ccd0ee5182ad7e8ecd3254eece806ae183bece90fa625ceae7c851f80',
  'base-memory/nlen/lex.50.50.nlen.s2t.bin.gz': 'ddc7811550e820a081353556f5b5bfdc907251a20850e945bfc887bcd28f8c56',
  'base-memory/nlen/model.nlen.intgemm.alphas.bin.gz':
    'ed02d0f965fa78335a7ef326337267c04c5c444a7261ab4cdeb82fcfbb67d617',
  'base-memory/nlen/vocab.nlen.spm.gz': '12c2bb8bf4d7b39cba7dc1b3eb16232ea29f1325e963eb9a29d7cc886c306599',
  'base-memory/enpl/lex.50.50.enpl.s2t.bin.gz': '6e7cbf38d9298877d9631a33a7bd3608326ba169be9a0fe9c7b2ee0c6c7e6d59',
  'base-memory/enpl/model.enpl.intgemm.alphas.bin.gz':
    '80b549e5f4d1d1db3f66f850c71683c9449a259e6eac2abe3b8f04f0781088ed',
  'base-memory/enpl/vocab.enpl.spm.gz': '13b8f1dc8bf7a29d052008d78aa4429b1311f8fd0fcb63c5490fe1714b00606c',
  'base-memory/plen/lex.50.50.plen.s2t.bin.gz': '7ad8ce0f56b7537a82e7e522a48ea440395a909c547621934cf70daa1c543c36',
  'base-memory/plen/model.plen.intgemm.alphas.bin.gz':
    '7f37aa5e065581c02fbd5fd4f3862a714944e223055edafe23095a68f3a49a76',
  'base-memory/plen/vocab.plen.spm.gz': '90f3d5a707eb8b221ab4139de6146e4741ab3196fbadf4562b03d727a0f8b822',
  'base-memory/enru/lex.50.50.enru.s2t.bin.gz': '9c111984d8207f8dc6b9dd5c17ab4d18042f7c0e34105a09a35909538facc958',
  'base-memory/enru/model.enru.intgemm.alphas.bin.gz':
    'e766bc83434f4a9ff4110abe5450043a62cd402c6a7a8bca5e3e4d83b408dcb4',
  'base-memory/enru/vocab.enru.spm.gz': '9aa498dce5d27c02ac998c646c51a7475a421500ecdbbd1dff9ff3e77e64b21c',
  'tiny/ruen/lex.50.50.ruen.s2t.bin.gz': '6524f5c898f1fef52992bd2565a6d4acfafb6a4e8dcd6aef237bd888239418a0',
  'tiny/ruen/model.ruen.intgemm.alphas.bin.gz': '4a8a7b9b07c9e06a167ec5bf2542528817321516db4edf614fda45011fa8e5d1',
  'tiny/ruen/vocab.ruen.spm.gz': 'cd70b828e99e4d0c79d48cd56d8579d656c87c1db20bf88883da3085dcbfef75',
  'base-memory/enzh/lex.50.50.enzh.s2t.bin.gz': 'c933ff15b544fc36ddaa41d088fca060604da469267fcd2b004a4d270dbe5b68',
  'base-memory/enzh/model.enzh.intgemm.alphas.bin.gz':
    '7f255403b3bb2502f08ac4d5ca397a8a5a13f899d2f2e987a4934e089d241d16',
  'base-memory/enzh/srcvocab.enzh.spm.gz': '7846e3c236388390f4e5d321f8413d67f34c1bab5f066165eeb673bfd07607cc',
  'base-memory/enzh/trgvocab.enzh.spm.gz': '4d641ce165b1f8478ee2ffb5149d2d46fab3779dc8fa1e9b97f9af1d2206c091',
  'base-memory/zhen/lex.50.50.zhen.s2t.bin.gz': '216b4f87e61c89741114fa36b3cf01fb1e3a32cf0eb97bf1cb2f992951e8691b',
  'base-memory/zhen/model.zhen.intgemm.alphas.bin.gz':
    'c430e24baad44b8e4f725458e2454aec8a760faefbd0a4592c80f114b051f692',
  'base-memory/zhen/vocab.zhen.spm.gz': '244ac04cd4e2126852fc6f697b2aa1e04acad4492c5ec8b37453974f33f88183',
  'base-memory/enja/lex.50.50.enja.s2t.bin.gz': '7966382f7a9ba15993c67721526921d8901caa0f8add56eff04e4bb327d57c11',
  'base-memory/enja/model.enja.intgemm.alphas.bin.gz':
    '99fc8fc120189930beadacb2eef4b049d0794ac6132d1266340e457c95730368',
  'base-memory/enja/srcvocab.enja.spm.gz': '12d8ffc83fc0bb61494d95701f6a298bbad5c999a043d4a48a1c1bd61e092167',
  'base-memory/enja/trgvocab.enja.spm.gz': 'be7fec234b5fc94616276ee6cca69f3a8cbfa6762fdf278dfc6b11eaf669cc48',
  'base-memory/jaen/lex.50.50.jaen.s2t.bin.gz': '438152f5ccd982edb43e88ef51305e3ae7c7b66ee5c20a8fa425e9f1822f9b9b',
  'base-memory/jaen/model.jaen.intgemm.alphas.bin.gz':
    'ae56ffbb5556d8e4240b2f208a7c7a2449a4b627ac9d673981ed29eaadaab79d',
  'base-memory/jaen/vocab.jaen.spm.gz': '12d693f5055525d5cc1e133c8c1b8ed787c77b9bb797400d9a14382ac69c1236',
};
