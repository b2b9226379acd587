// Which engine draws a lip-sync job's mouths, and how its result is encoded (pure).
import { describe, expect, it } from 'vitest';
import { chooseRenderer, rendererOf, resultEncodeArgs } from '../../src/main/pipelines/lipsync/renderer.js';

describe('the lip-sync engine', () => {
  it('standard_v1 always warps; precision_v1 takes an installed model, else the exemplar mouths of a video, else warps a picture', () => {
    expect(chooseRenderer('standard_v1', false, true)).toBe('mouth-warp');
    expect(chooseRenderer('precision_v1', false, true)).toBe('generator');
    expect(chooseRenderer('precision_v1', true, true)).toBe('generator');
    expect(chooseRenderer('precision_v1', false, false)).toBe('exemplar');
    expect(chooseRenderer('precision_v1', true, false)).toBe('mouth-warp');
  });

  it('reads plans saved before the built-in engines by their model, as those jobs started', () => {
    expect(rendererOf({}, 'precision_v1')).toBe('generator');
    expect(rendererOf({}, 'standard_v1')).toBe('mouth-warp');
    expect(rendererOf({ renderer: 'exemplar' }, 'precision_v1')).toBe('exemplar');
  });

  it('encodes precision_v1 finer than standard_v1, and a picture with grain tuning', () => {
    const crf = (args: string[]) => Number(args[args.indexOf('-crf') + 1]);
    expect(crf(resultEncodeArgs('precision_v1', true))).toBeLessThan(crf(resultEncodeArgs('standard_v1', true)));
    expect(crf(resultEncodeArgs('precision_v1', false))).toBeLessThan(crf(resultEncodeArgs('standard_v1', false)));
    expect(resultEncodeArgs('standard_v1', true)).toContain('grain');
    expect(resultEncodeArgs('standard_v1', false)).not.toContain('grain');
  });
});
