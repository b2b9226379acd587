// Lip-sync, face restoration and inpainting (onnxruntime), and the PyTorch lip-sync models no engine runs yet.
import type { CatalogueEntry } from '../catalogue.js';

const HF = 'https://huggingface.co';
/** The Carve/LaMa-ONNX commit whose lama_fp32.onnx the checksum below describes. */
const LAMA_REVISION = 'c3c0c9e468934d62e79c329e35d82dd09ff8c444';
const LAMA_BYTES = 208_044_816;

export const VIDEO_MODELS: readonly CatalogueEntry[] = [
  {
    id: 'wav2lip-gan-96',
    task: 'lipsync',
    title: 'Wav2Lip GAN 96 (ONNX)',
    description: 'Mouth movement from speech: enables precision_v1 lip-sync and lip-synced dubbing (96x96 face crops).',
    license: 'Wav2Lip license: non-commercial research use only',
    // Rudrabha/Wav2Lip README.md, "Disclaimer" and "License and Citation".
    commercialUse: 'not_allowed',
    commercialNote: 'Its authors forbid any commercial use: the models are trained on the LRS2 dataset.',
    sizeBytes: 150_000_000,
    homepage: 'https://github.com/Rudrabha/Wav2Lip',
    usedBy: 'precision_v1 lip-sync',
    bindByShape: true,
    files: [
      {
        name: 'wav2lip_gan_96.onnx',
        url: 'https://github.com/facefusion/facefusion-assets/releases/download/models-3.0.0/wav2lip_gan_96.onnx',
        signature: {
          inputs: [
            { name: 'mel', type: 'float32', rank: 4, dims: [null, 1, 80, 16] },
            { name: 'faces', type: 'float32', rank: 4, dims: [null, 6, 96, 96] },
          ],
          outputs: [{ name: 'output', type: 'float32', rank: 4, dims: [null, 3, 96, 96] }],
        },
      },
    ],
  },
  {
    id: 'gfpgan-1.4',
    task: 'face_restore',
    title: 'GFPGAN v1.4 face restoration (ONNX)',
    description:
      'Sharpens the mouth that precision_v1 lip-sync draws at 96x96, so it matches the rest of the face (512x512 face crops).',
    license: 'Apache-2.0 (TencentARC GFPGAN; its StyleGAN2 parts under their own terms)',
    // TencentARC/GFPGAN LICENSE and README.md; v1.4 loads with arch 'clean' (inference_gfpgan.py).
    commercialUse: 'allowed',
    commercialNote:
      'v1.4 is the "clean" architecture, without the StyleGAN2 CUDA ops that NVIDIA licenses for non-commercial use only.',
    sizeBytes: 340_000_000,
    homepage: 'https://github.com/TencentARC/GFPGAN',
    usedBy: 'precision_v1 lip-sync (sharpens the mouth)',
    // The public exports name the input `input` but leave the output's name to the exporter (a node number).
    bindByShape: true,
    files: [
      {
        name: 'gfpgan_1.4.onnx',
        url: 'https://github.com/facefusion/facefusion-assets/releases/download/models-3.0.0/gfpgan_1.4.onnx',
        signature: {
          // RGB in -1..1, NCHW; exports fix the batch at 1 (the renderer also batches a dynamic one).
          inputs: [{ name: 'input', type: 'float32', rank: 4, dims: [null, 3, 512, 512] }],
          outputs: [{ name: 'output', type: 'float32', rank: 4, dims: [null, 3, 512, 512] }],
        },
      },
    ],
  },
  {
    id: 'lama',
    task: 'inpaint',
    title: 'LaMa inpainting 512 (ONNX)',
    description:
      'Neural inpainting that removes burned-in subtitles and text for visual translation (big-lama, fixed 512x512).',
    license: 'Apache-2.0',
    // advimman/lama LICENSE; the Carve/LaMa-ONNX model card says apache-2.0 too.
    commercialUse: 'allowed',
    sizeBytes: LAMA_BYTES,
    homepage: `${HF}/Carve/LaMa-ONNX`,
    usedBy: 'visual translate (erases on-screen text)',
    // Nothing published fixes the export's tensor names: the image and mask tell apart by their channel count.
    bindByShape: true,
    files: [
      {
        name: 'lama_fp32.onnx',
        // Pinned: the file under `main` has been replaced before, and a checksum holds for one revision only.
        url: `${HF}/Carve/LaMa-ONNX/resolve/${LAMA_REVISION}/lama_fp32.onnx`,
        // The Git LFS pointer of that revision (size and SHA-256), as two independent public projects record it.
        sha256: '1faef5301d78db7dda502fe59966957ec4b79dd64e16f03ed96913c7a4eb68d6',
        sizeBytes: LAMA_BYTES,
        signature: {
          inputs: [
            { name: 'image', type: 'float32', rank: 4, dims: [null, 3, 512, 512] },
            { name: 'mask', type: 'float32', rank: 4, dims: [null, 1, 512, 512] },
          ],
          outputs: [{ name: 'output', type: 'float32', rank: 4, dims: [null, 3, null, null] }],
        },
      },
    ],
  },
  // PyTorch lip-sync models, listed for their quality and terms: no engine here runs PyTorch, so no usedBy (not
  // installable). Files are the projects' own weights; the third-party weights they load are named in `license`.
  {
    id: 'musetalk-1.5',
    task: 'lipsync',
    title: 'MuseTalk 1.5 (PyTorch)',
    description:
      'Real-time lip-sync by inpainting a 256x256 face region in latent space, in one step ' +
      '(Tencent Music Lyra Lab). Needs a PyTorch engine this DubDesk version does not have.',
    // TMElyralab/MuseTalk README.md "Disclaimer/License" and LICENSE (third-party list); the Hugging Face repo
    // TMElyralab/MuseTalk is tagged creativeml-openrail-m. Run-time models: download_weights.sh, musetalk/utils/.
    license:
      'Code MIT; weights "for any purpose, even commercially" (README), CreativeML OpenRAIL-M on Hugging Face. ' +
      'Loads sd-vae-ft-mse (MIT), Whisper tiny (MIT/Apache-2.0), DWPose (Apache-2.0), S3FD ' +
      '(BSD-3-Clause) and a BiSeNet face parser (MIT code, trained on CelebAMask-HQ: ' +
      'non-commercial)',
    // CelebAMask-HQ's agreement (switchablenorms/CelebAMask-HQ README.md) bars commercial use of "derived data".
    commercialUse: 'unclear',
    commercialNote:
      "MuseTalk's own weights allow it (within OpenRAIL-M's use limits), but the face-parsing " +
      'model it needs was trained on CelebAMask-HQ, whose terms bar commercial use of derived data.',
    // Approximate: no page of the project states it. A Hugging Face duplicate of TMElyralab/MuseTalk totals 6.8 GB
    // for v1.0 and v1.5, and v1.0's pytorch_model.bin is 3.4 GB (the same UNet config: MuseTalk issue #276).
    sizeBytes: 3_400_000_000,
    homepage: 'https://github.com/TMElyralab/MuseTalk',
    files: [
      { name: 'musetalk.json', url: `${HF}/TMElyralab/MuseTalk/resolve/main/musetalkV15/musetalk.json` },
      { name: 'unet.pth', url: `${HF}/TMElyralab/MuseTalk/resolve/main/musetalkV15/unet.pth` },
    ],
  },
  {
    id: 'latentsync-1.5',
    task: 'lipsync',
    title: 'LatentSync 1.5 (PyTorch)',
    description:
      'Lip-sync by audio-conditioned latent diffusion (ByteDance); about 8 GB of GPU memory ' +
      '(1.6, trained on 512x512 faces, needs 18 GB). Needs a PyTorch engine this DubDesk version ' +
      'does not have.',
    // bytedance/LatentSync LICENSE; ByteDance/LatentSync-1.5 model card (openrail++); scripts/inference.py loads
    // stabilityai/sd-vae-ft-mse (card: MIT); latentsync/utils/face_detector.py runs InsightFace's FaceAnalysis.
    license:
      'Code Apache-2.0; weights CreativeML Open RAIL++-M. Loads sd-vae-ft-mse (MIT), Whisper ' +
      "tiny (MIT) and InsightFace's detection models (non-commercial research only)",
    // deepinsight/insightface README.md "License": its models, auto-downloaded too, are non-commercial research only.
    commercialUse: 'not_allowed',
    commercialNote:
      "LatentSync's own weights allow it (within Open RAIL++-M's use limits), but its face " +
      "detector uses InsightFace's models, which are for non-commercial research only.",
    // Approximate: ByteDance states no size. A Hugging Face copy of the 1.5/1.6 files (one structure) shows
    // latentsync_unet.pt at 5.07 GB; the LatentSync authors' own repo shows whisper/tiny.pt at 75.6 MB.
    sizeBytes: 5_150_000_000,
    homepage: 'https://github.com/bytedance/LatentSync',
    // As the repository's setup_env.sh downloaded them for 1.5 (it now names LatentSync-1.6 the same way).
    files: [
      { name: 'latentsync_unet.pt', url: `${HF}/ByteDance/LatentSync-1.5/resolve/main/latentsync_unet.pt` },
      { name: 'tiny.pt', url: `${HF}/ByteDance/LatentSync-1.5/resolve/main/whisper/tiny.pt` },
    ],
  },
];
