// The create form's engine plan: one plan request per distinct request of a batch (URLs aside), and the words that
// say why Start is off while a step misses its model.
import { describe, expect, it } from 'vitest';
import type { PlanStep, TranslatePlan } from '../../src/renderer/src/api/client.js';
import { blockedReason, planQueries } from '../../src/renderer/src/features/create/engine-plan.js';

const body = (extra: Record<string, unknown> = {}) => ({
  media_type: 'video',
  media_url: 'file:///a.mp4',
  target_language: 'de',
  export_type: 'auto',
  ...extra,
});
const plan = (...steps: PlanStep[]): { plan: TranslatePlan } => ({ plan: { steps } });
const missing = (label: string, modelIds: string[]): PlanStep => ({
  step: label.toLowerCase(),
  label,
  missing: { code: 'model_not_installed', message: `${label} needs a model.`, model_ids: modelIds },
});

describe('planQueries', () => {
  it('asks once for jobs that differ only by their files, and apart for a job with subtitles', () => {
    const queries = planQueries([
      { body: body({ media_url: 'file:///a.mp4' }), label: 'a.mp4' },
      { body: body({ media_url: 'file:///b.mp4' }), label: 'b.mp4' },
      { body: body({ media_url: 'file:///c.mp4', subtitle_url: 'file:///c.srt' }), label: 'c.mp4' },
      { body: body({ media_url: 'file:///d.mp4', subtitle_url: 'd.srt' }), label: 'd.mp4' },
    ]);
    expect(queries.map((query) => query.files)).toEqual([
      ['a.mp4', 'b.mp4'],
      ['c.mp4', 'd.mp4'],
    ]);
    // Nothing is fetched for a plan: the media URL is left out.
    expect(queries[0].body).toEqual({ media_type: 'video', target_language: 'de', export_type: 'auto' });
  });
});

describe('blockedReason', () => {
  it('is undefined when every step has an engine or is skipped', () => {
    expect(
      blockedReason([
        plan({ step: 'transcribe', label: 'Transcribing', skipped: 'the lines come from the given subtitles' }),
      ]),
    ).toBeUndefined();
  });

  it('names the steps and offers the install when a model would let them run', () => {
    expect(blockedReason([plan(missing('Translating', ['bergamot-en-de']))])).toBe(
      'This task cannot start yet: Translating cannot run with what is installed. Install the model above, or change the settings.',
    );
    expect(
      blockedReason([
        plan(missing('Transcribing', ['whisper-base'])),
        plan(missing('Translating', ['bergamot-en-de'])),
      ]),
    ).toBe(
      'This task cannot start yet: Transcribing and Translating cannot run with what is installed. Install the models above, or change the settings.',
    );
  });

  it('points at the steps when no model of this version would help', () => {
    expect(blockedReason([plan(missing('Telling speakers apart', []))])).toBe(
      'This task cannot start yet: Telling speakers apart cannot run with what is installed. The steps above say what to do.',
    );
  });
});
