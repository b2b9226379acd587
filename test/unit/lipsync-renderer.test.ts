// Which engine draws a lip-sync job's mouths, how a plan names it, and how its result is encoded (pure).
import { describe, expect, it } from 'vitest';
import { chooseLipsyncEngine } from '../../src/main/engines/lipsync/choose.js';
import { LIPSYNC_ENGINES, lipsyncEngineById } from '../../src/main/engines/lipsync/engines.js';
import { resultEncodeArgs } from '../../src/main/engines/lipsync/result-encode.js';
import { rendererOf } from '../../src/main/pipelines/lipsync/renderer.js';

describe('the lip-sync engine', () => {
  it('standard_v1 always warps; precision_v1 takes an installed model, else the exemplar mouths of a video, else warps a picture', () => {
    const choose = (model: 'standard_v1' | 'precision_v1', isImage: boolean, generatorInstalled: boolean) =>
      chooseLipsyncEngine({ model, isImage, generatorInstalled }).id;
    expect(choose('standard_v1', false, true)).toBe('mouth-warp');
    expect(choose('precision_v1', false, true)).toBe('wav2lip');
    expect(choose('precision_v1', true, true)).toBe('wav2lip');
    expect(choose('precision_v1', false, false)).toBe('exemplar');
    expect(choose('precision_v1', true, false)).toBe('mouth-warp');
    expect(chooseLipsyncEngine({ model: 'precision_v1', isImage: true, generatorInstalled: false }).reason).toMatch(
      /only one mouth/,
    );
  });

  it('every choice is an engine of the table that supports the request it was chosen for', () => {
    for (const model of ['standard_v1', 'precision_v1'] as const) {
      for (const isImage of [true, false]) {
        for (const generatorInstalled of [true, false]) {
          const engine = lipsyncEngineById(chooseLipsyncEngine({ model, isImage, generatorInstalled }).id);
          expect(engine.supports.models).toContain(model);
          expect(engine.supports.media).toContain(isImage ? 'picture' : 'video');
        }
      }
    }
    expect(Object.entries(LIPSYNC_ENGINES).every(([id, engine]) => engine.id === id)).toBe(true);
    expect(lipsyncEngineById('wav2lip').needs.models).toEqual(['wav2lip-gan-96']);
  });

  it('reads plans saved before the built-in engines by their model, and Wav2Lip by its old name, as those jobs started', () => {
    expect(rendererOf({}, 'precision_v1')).toBe('wav2lip');
    expect(rendererOf({}, 'standard_v1')).toBe('mouth-warp');
    expect(rendererOf({ renderer: 'generator' }, 'precision_v1')).toBe('wav2lip');
    expect(rendererOf({ renderer: 'exemplar' }, 'precision_v1')).toBe('exemplar');
    expect(() => lipsyncEngineById('lip-reader' as 'wav2lip')).toThrow(/No lip-sync engine is called "lip-reader"/);
  });

  it('encodes precision_v1 finer than standard_v1, and a picture with grain tuning', () => {
    const crf = (args: string[]) => Number(args[args.indexOf('-crf') + 1]);
    expect(crf(resultEncodeArgs('precision_v1', true))).toBeLessThan(crf(resultEncodeArgs('standard_v1', true)));
    expect(crf(resultEncodeArgs('precision_v1', false))).toBeLessThan(crf(resultEncodeArgs('standard_v1', false)));
    expect(resultEncodeArgs('standard_v1', true)).toContain('grain');
    expect(resultEncodeArgs('standard_v1', false)).not.toContain('grain');
  });
});
