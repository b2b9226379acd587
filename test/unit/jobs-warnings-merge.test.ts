import { describe, expect, it } from 'vitest';
import { MAX_TASK_WARNINGS, mergeWarnings } from '../../src/main/queue/task-transitions.js';

const warning = (cue: number) => ({
  code: 'line_too_fast',
  cue,
  start: cue,
  end: cue + 1,
  speed: 1.5,
  message: `Cue ${cue} is fast.`,
});

describe('mergeWarnings', () => {
  it('adds new warnings after the stored ones and drops repeats of a stage run again after a crash', () => {
    const stored = mergeWarnings([], [warning(1), warning(2)]);
    expect(mergeWarnings(stored, [warning(2), warning(3)])).toEqual([warning(1), warning(2), warning(3)]);
  });

  it('keeps at most MAX_TASK_WARNINGS entries, the last one counting the rest, also across merges', () => {
    const many = Array.from({ length: MAX_TASK_WARNINGS + 50 }, (_, i) => warning(i + 1));
    const merged = mergeWarnings([], many);
    expect(merged).toHaveLength(MAX_TASK_WARNINGS);
    expect(merged.at(-1)).toEqual({
      code: 'more_warnings',
      message: '51 more warnings are not listed here; the task log names every line.',
    });
    const again = mergeWarnings(merged, [warning(1000), warning(1001)]);
    expect(again).toHaveLength(MAX_TASK_WARNINGS);
    expect(again.at(-1)!.message).toMatch(/^53 more warnings/);
  });
});
