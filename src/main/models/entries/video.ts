// Lip-sync, face restoration and inpainting (onnxruntime).
import type { CatalogueEntry } from '../catalogue.js';

const HF = 'https://huggingface.co';

export const VIDEO_MODELS: readonly CatalogueEntry[] = [
  {
    id: 'wav2lip-gan-96',
    task: 'lipsync',
    title: 'Wav2Lip GAN 96 (ONNX)',
    description: 'Mouth movement from speech: enables precision_v1 lip-sync and lip-synced dubbing (96x96 face crops).',
    license: 'Wav2Lip license: non-commercial research use only',
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
    description: 'Sharpens the mouth that precision_v1 lip-sync draws at 96x96, so it matches the rest of the face (512x512 face crops).',
    license: 'Apache-2.0 (TencentARC GFPGAN; its StyleGAN2 parts under their own terms)',
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
    description: 'Neural inpainting that removes burned-in subtitles and text for visual translation (big-lama, fixed 512x512).',
    license: 'Apache-2.0',
    sizeBytes: 208_000_000,
    homepage: `${HF}/Carve/LaMa-ONNX`,
    usedBy: 'visual translate (erases on-screen text)',
    files: [
      {
        name: 'lama_fp32.onnx',
        url: `${HF}/Carve/LaMa-ONNX/resolve/main/lama_fp32.onnx`,
        signature: {
          inputs: [
            { name: 'image', type: 'float32', rank: 4, dims: [1, 3, 512, 512] },
            { name: 'mask', type: 'float32', rank: 4, dims: [1, 1, 512, 512] },
          ],
          outputs: [{ name: 'output', type: 'float32', rank: 4 }],
        },
      },
    ],
  },
];
