// Speech: recognition, language identification and voice activity (sherpa-onnx).
import type { CatalogueEntry } from '../catalogue.js';

const HF = 'https://huggingface.co';

export const SPEECH_MODELS: readonly CatalogueEntry[] = [
  {
    id: 'whisper-base',
    task: 'asr',
    title: 'Whisper base (ONNX)',
    description: 'Speech recognition and timestamps for translate-and-dub in 99 languages (OpenAI Whisper base, optimum ONNX export).',
    license: 'Apache-2.0',
    sizeBytes: 300_000_000,
    homepage: `${HF}/onnx-community/whisper-base`,
    files: [
      {
        name: 'encoder_model.onnx',
        url: `${HF}/onnx-community/whisper-base/resolve/main/onnx/encoder_model.onnx`,
        signature: {
          inputs: [{ name: 'input_features', type: 'float32', rank: 3, dims: [null, 80, 3000] }],
          outputs: [{ name: 'last_hidden_state', type: 'float32', rank: 3 }],
        },
      },
      {
        name: 'decoder_model.onnx',
        url: `${HF}/onnx-community/whisper-base/resolve/main/onnx/decoder_model.onnx`,
        signature: {
          inputs: [
            { name: 'input_ids', type: 'int64', rank: 2 },
            { name: 'encoder_hidden_states', type: 'float32', rank: 3 },
          ],
          outputs: [{ name: 'logits', type: 'float32', rank: 3 }],
        },
      },
      { name: 'tokenizer.json', url: `${HF}/onnx-community/whisper-base/resolve/main/tokenizer.json` },
      { name: 'config.json', url: `${HF}/onnx-community/whisper-base/resolve/main/config.json` },
      { name: 'generation_config.json', url: `${HF}/onnx-community/whisper-base/resolve/main/generation_config.json` },
    ],
  },
];
