// Machine translation: Bergamot (Firefox Translations) pairs.
import type { CatalogueEntry } from '../catalogue.js';

const HF = 'https://huggingface.co';

export const TRANSLATION_MODELS: readonly CatalogueEntry[] = [
  {
    id: 'opus-mt-en-de',
    task: 'mt',
    title: 'Marian opus-mt English to German (ONNX)',
    description: 'Offline translation of subtitles and dubbing scripts from English to German (Helsinki-NLP opus-mt-en-de).',
    license: 'CC-BY-4.0',
    sizeBytes: 300_000_000,
    homepage: `${HF}/Xenova/opus-mt-en-de`,
    files: [
      {
        name: 'encoder_model.onnx',
        url: `${HF}/Xenova/opus-mt-en-de/resolve/main/onnx/encoder_model.onnx`,
        signature: {
          inputs: [
            { name: 'input_ids', type: 'int64', rank: 2 },
            { name: 'attention_mask', type: 'int64', rank: 2 },
          ],
          outputs: [{ name: 'last_hidden_state', type: 'float32', rank: 3 }],
        },
      },
      {
        name: 'decoder_model.onnx',
        url: `${HF}/Xenova/opus-mt-en-de/resolve/main/onnx/decoder_model.onnx`,
        signature: {
          inputs: [
            { name: 'encoder_attention_mask', type: 'int64', rank: 2 },
            { name: 'input_ids', type: 'int64', rank: 2 },
            { name: 'encoder_hidden_states', type: 'float32', rank: 3 },
          ],
          outputs: [{ name: 'logits', type: 'float32', rank: 3 }],
        },
      },
      { name: 'tokenizer.json', url: `${HF}/Xenova/opus-mt-en-de/resolve/main/tokenizer.json` },
      { name: 'config.json', url: `${HF}/Xenova/opus-mt-en-de/resolve/main/config.json` },
      { name: 'generation_config.json', url: `${HF}/Xenova/opus-mt-en-de/resolve/main/generation_config.json` },
    ],
  },
];
