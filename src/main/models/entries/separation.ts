// Vocal separation: removes the original voice and keeps music and ambience (onnxruntime).
import type { CatalogueEntry } from '../catalogue.js';

const UVR_RELEASE = 'https://github.com/TRvlvr/model_repo/releases/download/all_public_uvr_models';

export const SEPARATION_MODELS: readonly CatalogueEntry[] = [
  {
    id: 'uvr-mdx-net-inst-hq-3',
    task: 'separation',
    title: 'UVR MDX-Net Inst HQ 3 (ONNX)',
    description:
      'Removes the original voice and keeps music and ambience, so the dub plays over the clean ' +
      'background instead of the ducked original (44.1 kHz stereo).',
    // The Ultimate Vocal Remover project publishes its models beside its MIT-licensed application; the weights carry
    // no licence file of their own.
    license: 'MIT (Ultimate Vocal Remover project)',
    sizeBytes: 66_800_000,
    homepage: 'https://github.com/Anjok07/ultimatevocalremovergui',
    usedBy: 'translate-and-dub mix (separated background)',
    // UVR exports name the input `input`; the output's name is left to the exporter.
    bindByShape: true,
    files: [
      {
        name: 'UVR-MDX-NET-Inst_HQ_3.onnx',
        url: `${UVR_RELEASE}/UVR-MDX-NET-Inst_HQ_3.onnx`,
        signature: {
          // [batch, left re/im + right re/im, dim_f 3072 bins, dim_t 256 frames] of an n_fft 6144, hop 1024 STFT.
          inputs: [{ name: 'input', type: 'float32', rank: 4, dims: [null, 4, 3072, 256] }],
          outputs: [{ name: 'output', type: 'float32', rank: 4, dims: [null, 4, 3072, 256] }],
        },
      },
    ],
  },
];
