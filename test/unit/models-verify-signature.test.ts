import { describe, expect, it } from 'vitest';
import { BUILTIN_CATALOGUE, type OnnxSignature } from '../../src/main/models/catalogue.js';
import { checkSignature, signatureMismatchMessage } from '../../src/main/models/verify-signature.js';
import type { MeasuredSignature } from '../../src/main/models/onnx-runtime.js';

const wav2lip = BUILTIN_CATALOGUE.find((e) => e.id === 'wav2lip-gan-96')!.files[0].signature!;
// Whisper's decoder in the optimum export layout (extra present.* outputs beside the logits).
const whisperDecoder: OnnxSignature = {
  inputs: [
    { name: 'input_ids', type: 'int64', rank: 2 },
    { name: 'encoder_hidden_states', type: 'float32', rank: 3 },
  ],
  outputs: [{ name: 'logits', type: 'float32', rank: 3 }],
};
const piper = BUILTIN_CATALOGUE.find((e) => e.id.startsWith('piper'))!.files[0].signature!;

const facefusionWav2lip: MeasuredSignature = {
  inputs: [
    { name: 'source', type: 'float32', dims: ['batch', 1, 80, 16] },
    { name: 'target', type: 'float32', dims: ['batch', 6, 96, 96] },
  ],
  outputs: [{ name: 'output', type: 'float32', dims: ['batch', 3, 96, 96] }],
};

describe('checkSignature by name', () => {
  it('accepts the whisper decoder with extra present.* outputs and binds names to themselves', () => {
    const measured: MeasuredSignature = {
      inputs: [
        { name: 'input_ids', type: 'int64', dims: ['batch_size', 'decoder_sequence_length'] },
        { name: 'encoder_hidden_states', type: 'float32', dims: ['batch_size', 'encoder_sequence_length', 512] },
      ],
      outputs: [
        { name: 'logits', type: 'float32', dims: ['batch_size', 'decoder_sequence_length', 51865] },
        { name: 'present.0.decoder.key', type: 'float32', dims: ['batch_size', 8, 'decoder_sequence_length', 64] },
      ],
    };
    expect(checkSignature(whisperDecoder, measured)).toEqual({
      ok: true,
      inputs: { input_ids: 'input_ids', encoder_hidden_states: 'encoder_hidden_states' },
      outputs: { logits: 'logits' },
    });
  });

  it('accepts a single-speaker piper voice without the optional sid input', () => {
    const measured: MeasuredSignature = {
      inputs: [
        { name: 'input', type: 'int64', dims: [1, 'phonemes'] },
        { name: 'input_lengths', type: 'int64', dims: [1] },
        { name: 'scales', type: 'float32', dims: [3] },
      ],
      outputs: [{ name: 'output', type: 'float32', dims: [1, 1, 1, 'time'] }],
    };
    expect(checkSignature(piper, measured).ok).toBe(true);
  });

  it('names the missing input, the wrong type and the unexpected input', () => {
    const measured: MeasuredSignature = {
      inputs: [
        { name: 'input_ids', type: 'int32', dims: ['b', 't'] },
        { name: 'attention_mask', type: 'int64', dims: ['b', 't'] },
      ],
      outputs: [{ name: 'logits', type: 'float32', dims: ['b', 't', 10] }],
    };
    const check = checkSignature(whisperDecoder, measured);
    expect(check).toEqual({
      ok: false,
      problems: [
        "input 'input_ids' is int32, expected int64",
        "missing input 'encoder_hidden_states'",
        "unexpected input 'attention_mask'",
      ],
    });
  });

  it('rejects a fixed dimension of another size but accepts a symbolic one there', () => {
    const lama: OnnxSignature = BUILTIN_CATALOGUE.find((e) => e.id === 'lama')!.files[0].signature!;
    const at = (size: number | string): MeasuredSignature => ({
      inputs: [
        { name: 'image', type: 'float32', dims: [1, 3, size, size] },
        { name: 'mask', type: 'float32', dims: [1, 1, size, size] },
      ],
      outputs: [{ name: 'output', type: 'float32', dims: [1, 3, size, size] }],
    });
    expect(checkSignature(lama, at('height')).ok).toBe(true);
    expect(checkSignature(lama, at(256))).toMatchObject({
      ok: false,
      problems: [
        "input 'image' has dimension 2 = 256, expected 512",
        "input 'mask' has dimension 2 = 256, expected 512",
      ],
    });
  });
});

describe('checkSignature by shape', () => {
  it('binds Wav2Lip roles mel/faces to whatever names the export chose, whatever their order', () => {
    const reversed = { ...facefusionWav2lip, inputs: [...facefusionWav2lip.inputs].reverse() };
    expect(checkSignature(wav2lip, reversed, { bindByShape: true })).toEqual({
      ok: true,
      inputs: { mel: 'source', faces: 'target' },
      outputs: { output: 'output' },
    });
  });

  it('refuses a file whose tensors do not have the Wav2Lip shapes', () => {
    const wrong: MeasuredSignature = {
      inputs: [{ name: 'x', type: 'float32', dims: [1, 3] }],
      outputs: [{ name: 'y', type: 'float32', dims: [1, 3] }],
    };
    expect(checkSignature(wav2lip, wrong, { bindByShape: true })).toEqual({
      ok: false,
      problems: ['no inputs with the expected types and shapes', 'no outputs with the expected types and shapes'],
    });
  });

  it('refuses a third input nobody would feed', () => {
    const extra = {
      ...facefusionWav2lip,
      inputs: [...facefusionWav2lip.inputs, { name: 'speaker', type: 'int64', dims: [1] }],
    };
    expect(checkSignature(wav2lip, extra, { bindByShape: true })).toEqual({
      ok: false,
      problems: ["unexpected input 'speaker'"],
    });
  });
});

describe('signatureMismatchMessage', () => {
  it('says which file, what was expected and what was found', () => {
    const found: MeasuredSignature = {
      inputs: [{ name: 'x', type: 'float32', dims: [1, 3] }],
      outputs: [{ name: 'y', type: 'float32', dims: [1, 3] }],
    };
    const check = checkSignature(wav2lip, found, { bindByShape: true });
    expect(check.ok).toBe(false);
    const message = signatureMismatchMessage(
      '/tmp/w.onnx',
      'Wav2Lip GAN 96 (ONNX)',
      wav2lip,
      found,
      check.ok ? [] : check.problems,
    );
    expect(message).toBe(
      'The file at /tmp/w.onnx does not look like Wav2Lip GAN 96 (ONNX): expected inputs mel float32[?,1,80,16], faces float32[?,6,96,96] ' +
        'and outputs output float32[?,3,96,96]; found inputs x float32[1,3] and outputs y float32[1,3] ' +
        '(no inputs with the expected types and shapes; no outputs with the expected types and shapes).',
    );
  });
});
