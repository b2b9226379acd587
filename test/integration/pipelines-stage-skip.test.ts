// A stage's skip rule: the stage is not run, leaves no output, and is skipped again on a resume; the rules of the
// built-in stages give their reasons in a user's words.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { onlyForEnginesUsing } from '../../src/main/pipelines/lipsync/renderer-switch.js';
import type { LipsyncRequest } from '../../src/main/pipelines/lipsync/types.js';
import { runStages, stageOutputFile, type StageEnd } from '../../src/main/pipelines/run-stages.js';
import { transcribeStage } from '../../src/main/pipelines/translate/transcribe-stage.js';
import { translateStage } from '../../src/main/pipelines/translate/translate-stage.js';
import type { TranslateDeps, TranslateRequest } from '../../src/main/pipelines/translate/types.js';
import type { Pipeline, Stage } from '../../src/main/pipelines/types.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

type Request = { skipMiddle: boolean };

function pipeline(runs: string[]): Pipeline<Request> {
  const stage = (name: string, extra: Partial<Stage<Request>> = {}): Stage<Request> => ({
    name,
    label: name.toUpperCase(),
    status: 'processing',
    async run({ outputs }) {
      runs.push(name);
      return { from: name, saw: Object.keys(outputs) };
    },
    ...extra,
  });
  return {
    stages: [
      stage('first'),
      stage('middle', { skip: ({ request }) => (request.skipMiddle ? 'nothing to do here' : undefined) }),
      stage('last'),
    ],
    results: () => [],
  };
}

async function run(workDir: string, runs: string[]) {
  const ends: string[] = [];
  const outputs = await runStages(
    pipeline(runs),
    { skipMiddle: true },
    { taskId: 't', workDir, signal: new AbortController().signal, log: () => {} },
    {
      log: () => {},
      onStageStart: (stage) => {
        ends.push(`${stage.name} started`);
      },
      onStageProgress: () => {},
      onStageWarnings: () => {},
      onStageEnd: (stage, _index, end: StageEnd) => {
        ends.push(
          `${stage.name} ${end.state === 'skipped' ? `skipped: ${end.reason}` : end.resumed ? 'done earlier' : 'done'}`,
        );
      },
    },
  );
  return { ends, outputs };
}

describe('runStages with a skip rule', () => {
  it('does not run a skipped stage, saves no output for it, and skips it again when the job resumes', async () => {
    const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-skip-'));
    dirs.push(workDir);
    const runs: string[] = [];
    const first = await run(workDir, runs);
    expect(runs).toEqual(['first', 'last']);
    expect(first.ends).toEqual([
      'first started',
      'first done',
      'middle skipped: nothing to do here',
      'last started',
      'last done',
    ]);
    expect(first.outputs.last).toEqual({ from: 'last', saw: ['first'] });
    const stages = pipeline([]).stages;
    await expect(fs.access(stageOutputFile(workDir, 1, stages[1]!))).rejects.toThrow();

    // An output an older build saved for the skipped stage does not make it count as done.
    await fs.writeFile(stageOutputFile(workDir, 1, stages[1]!), JSON.stringify({ skipped: true }));
    const again = await run(workDir, runs);
    expect(runs).toEqual(['first', 'last']);
    expect(again.ends).toEqual(['first done earlier', 'middle skipped: nothing to do here', 'last done earlier']);
  });
});

describe('skip rules of the built-in stages', () => {
  const deps = {} as TranslateDeps;
  const dub = (fields: Partial<TranslateRequest>) => ({
    request: {
      media_type: 'video',
      media_url: 'file:///a.mp4',
      target_language: 'de',
      export_type: 'video',
      ...fields,
    } as TranslateRequest,
    outputs: {},
  });

  it('skips transcription when subtitles are given, and translation when the lines are already in the target language', () => {
    expect(transcribeStage(deps).skip!(dub({ subtitle_url: 'file:///a.srt' }))).toBe(
      'the lines come from the given subtitles',
    );
    expect(transcribeStage(deps).skip!(dub({}))).toBeUndefined();
    expect(
      translateStage(deps).skip!(dub({ subtitle_url: 'file:///a.srt', subtitle_usage_type: 'final_translated' })),
    ).toBe('the subtitles are the final translation');
    expect(translateStage(deps).skip!(dub({ source_language: 'de-AT' }))).toBe('the speech is already in German');
    expect(translateStage(deps).skip!(dub({ source_language: 'en', subtitle_url: 'file:///a.srt' }))).toBeUndefined();
    expect(translateStage(deps).skip!(dub({ source_language: 'auto' }))).toBeUndefined();
  });

  it('skips a lip-sync stage of another engine, reading old plans without one by their model and Wav2Lip by its old name', () => {
    const stage = onlyForEnginesUsing({
      name: 'face-crops',
      label: 'Cropping the face',
      status: 'processing',
      run: async () => ({}),
    });
    const input = (model: LipsyncRequest['model'], renderer?: string) => ({
      request: { model } as LipsyncRequest,
      outputs: { prepare: renderer ? { renderer } : {} },
    });
    expect(stage.skip!(input('precision_v1', 'exemplar'))).toBe('used only by a lip-sync model');
    expect(stage.skip!(input('precision_v1', 'wav2lip'))).toBeUndefined();
    expect(stage.skip!(input('precision_v1', 'generator'))).toBeUndefined();
    const targets = onlyForEnginesUsing({
      name: 'mouth-targets',
      label: 'Timing the mouth',
      status: 'processing',
      run: async () => ({}),
    });
    expect(targets.skip!(input('precision_v1', 'wav2lip'))).toBe('used only by the mouth warp and the exemplar engine');
    expect(targets.skip!(input('standard_v1'))).toBeUndefined();
    expect(stage.skip!(input('standard_v1'))).toBe('used only by a lip-sync model');
    expect(stage.skip!(input('precision_v1'))).toBeUndefined();
  });
});
