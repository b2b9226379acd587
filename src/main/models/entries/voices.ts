// Neural voices: Piper/VITS, Kokoro and voice cloning (sherpa-onnx).
import type { CatalogueEntry } from '../catalogue.js';

const HF = 'https://huggingface.co';

export const VOICE_MODELS: readonly CatalogueEntry[] = [
  {
    id: 'piper-en-us-ljspeech-medium',
    task: 'tts',
    title: 'Piper voice en_US ljspeech (medium)',
    description: 'Natural-sounding English (US) dubbing voice, offline and fast on CPU (Piper VITS).',
    license: 'MIT (Piper); LJSpeech dataset in the public domain',
    sizeBytes: 63_000_000,
    homepage: `${HF}/rhasspy/piper-voices`,
    files: [
      {
        name: 'en_US-ljspeech-medium.onnx',
        url: `${HF}/rhasspy/piper-voices/resolve/main/en/en_US/ljspeech/medium/en_US-ljspeech-medium.onnx`,
        signature: {
          inputs: [
            { name: 'input', type: 'int64', rank: 2 },
            { name: 'input_lengths', type: 'int64', rank: 1 },
            { name: 'scales', type: 'float32', rank: 1, dims: [3] },
            { name: 'sid', type: 'int64', rank: 1, optional: true },
          ],
          outputs: [{ name: 'output', type: 'float32' }],
        },
      },
      // Sample rate and phoneme map live here.
      { name: 'en_US-ljspeech-medium.onnx.json', url: `${HF}/rhasspy/piper-voices/resolve/main/en/en_US/ljspeech/medium/en_US-ljspeech-medium.onnx.json` },
    ],
  },
];
