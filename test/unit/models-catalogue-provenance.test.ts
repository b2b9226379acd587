// What the catalogue says of where its models come from (issue 27): Piper voices fine-tuned from Lessac say so in
// their licence, LaMa is pinned to one revision and bound by shape, and Whisper sizes are the archives' real sizes.
import { describe, expect, it } from 'vitest';
import { BUILTIN_CATALOGUE, type CatalogueEntry } from '../../src/main/models/catalogue.js';
import { whisperModelId, WHISPER_SIZES } from '../../src/main/models/entries/speech.js';
import { piperModelId } from '../../src/main/models/entries/voices.js';
import { UNPACK_LIMIT_MULTIPLE } from '../../src/main/models/unpack-limit.js';
import { checkSignature } from '../../src/main/models/verify-signature.js';

const entry = (id: string): CatalogueEntry => {
  const found = BUILTIN_CATALOGUE.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no catalogue entry ${id}`);
  return found;
};
const MB = 1_000_000;

describe('Piper voices fine-tuned from Lessac', () => {
  it.each([
    'en_US-joe-medium',
    'de_DE-thorsten-medium',
    'es_ES-davefx-medium',
    'pt_BR-faber-medium',
    'pl_PL-gosia-medium',
  ])('%s names the Lessac voice and its research-only dataset in its licence', (voice) => {
    const { license } = entry(piperModelId(voice));
    expect(license).toMatch(/fine-tuned from the Lessac voice/);
    expect(license).toMatch(/research use only/);
  });
});

describe('LaMa', () => {
  const lama = entry('lama');
  const file = lama.files[0]!;

  it('downloads from one pinned Hugging Face revision, not from main, and lists that file checksum', () => {
    expect(file.url).toMatch(/^https:\/\/huggingface\.co\/Carve\/LaMa-ONNX\/resolve\/[0-9a-f]{40}\/lama_fp32\.onnx$/);
    expect(file.url).not.toContain('/resolve/main/');
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(file.sizeBytes).toBe(lama.sizeBytes);
  });

  it('binds by shape, so an export naming its tensors otherwise still installs and runs', () => {
    expect(lama.bindByShape).toBe(true);
    const renamed = {
      inputs: [
        { name: 'input_mask', type: 'float32', dims: ['batch', 1, 512, 512] },
        { name: 'input_image', type: 'float32', dims: ['batch', 3, 512, 512] },
      ],
      outputs: [{ name: '1521', type: 'float32', dims: ['batch', 3, 'height', 'width'] }],
    };
    expect(checkSignature(file.signature!, renamed, { bindByShape: lama.bindByShape })).toEqual({
      ok: true,
      inputs: { image: 'input_image', mask: 'input_mask' },
      outputs: { output: '1521' },
    });
  });

  it('still refuses a file whose tensors do not have LaMa shapes', () => {
    const wrong = {
      inputs: [
        { name: 'image', type: 'float32', dims: [1, 3, 256, 256] },
        { name: 'mask', type: 'float32', dims: [1, 1, 256, 256] },
      ],
      outputs: [{ name: 'output', type: 'float32', dims: [1, 3, 256, 256] }],
    };
    expect(checkSignature(file.signature!, wrong, { bindByShape: true })).toMatchObject({ ok: false });
  });
});

describe('Whisper sizes', () => {
  // The archives as sherpa-onnx's asr-models release lists them: tiny ~116 MB, base ~208 MB, small ~639 MB,
  // turbo ~564 MB; small and turbo unpack to about 1 GB.
  const bounds: Record<(typeof WHISPER_SIZES)[number], [number, number]> = {
    tiny: [100 * MB, 130 * MB],
    base: [190 * MB, 230 * MB],
    small: [600 * MB, 700 * MB],
    turbo: [540 * MB, 600 * MB],
  };

  it.each(WHISPER_SIZES)('%s lists its archive size, which progress counts to, within plausible bounds', (size) => {
    const whisper = entry(whisperModelId(size));
    const [low, high] = bounds[size];
    expect(whisper.sizeBytes).toBe(whisper.archive?.sizeBytes);
    expect(whisper.sizeBytes).toBeGreaterThanOrEqual(low);
    expect(whisper.sizeBytes).toBeLessThanOrEqual(high);
  });

  it.each(['small', 'turbo'] as const)('%s may unpack the 1.1 GB its archive holds', (size) => {
    expect(entry(whisperModelId(size)).sizeBytes * UNPACK_LIMIT_MULTIPLE).toBeGreaterThan(1100 * MB);
  });
});
