// A translate job over real recorded voices (Debian's pocketsphinx-testdata): two lines of the "cards" reader and
// one of the LibriVox reader joined in one audio file, the lines given as an SRT. The built-in speaker clustering
// keeps the second reader apart by a narrow margin, and the job's quality report names that line speaker_uncertain
// at its own time; the cards reader's two lines alone make one speaker with nothing uncertain.
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findApertium } from '../../src/main/engines/mt/apertium.js';
import { formatSrtTime } from '../../src/main/media/srt.js';
import { makeMediaDir, makeTextFile } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import {
  joinLibrivoxClips,
  LIBRIVOX_DIR,
  librivoxClips,
  librivoxPresent,
  systemEngineMissing,
  type JoinedSpeech,
  type LibrivoxClip,
} from '../fixtures/system-engines.js';

const TESTDATA = path.dirname(LIBRIVOX_DIR);
const missing = systemEngineMissing(
  'pocketsphinx-testdata and Apertium eng-spa',
  librivoxPresent() && (findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false),
);

/** The "cards" reader's recordings with their transcripts ("<s> ten of clubs </s> (001)"). */
function cardsClips(ids: readonly string[]): LibrivoxClip[] {
  const lines = readFileSync(path.join(TESTDATA, 'cards', 'cards.transcription'), 'utf8').split('\n');
  return ids.map((id) => {
    const transcript = lines
      .map((line) => /^<s>\s*(.*?)\s*<\/s>\s*\((\d+)\)/.exec(line.trim()))
      .find((match) => match?.[2] === id)?.[1];
    if (!transcript) throw new Error(`cards/${id} has no transcript`);
    return { wavFile: path.join(TESTDATA, 'cards', `${id}.wav`), transcript };
  });
}

describe.skipIf(missing)('speaker_uncertain on real voices, over HTTP', () => {
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let svc: TestService;

  /** The clips joined (half a second apart), their lines as an SRT at their exact places, translated and dubbed. */
  async function dub(name: string, clips: LibrivoxClip[]): Promise<{ joined: JoinedSpeech; task: any; quality: any }> {
    const dir = path.join(media.dir, name);
    await fs.mkdir(dir);
    const joined = await joinLibrivoxClips(dir, { clips, pauseMs: 500 });
    const srt = await makeTextFile(
      dir,
      'lines.srt',
      joined.clips
        .map(
          (clip, i) =>
            `${i + 1}\n${formatSrtTime(clip.startMs)} --> ${formatSrtTime(clip.endMs)}\n${clip.transcript}\n`,
        )
        .join('\n'),
    );
    const created = await svc.api('/v1/media/translate', {
      body: {
        media_type: 'audio',
        media_url: pathToFileURL(joined.wavFile).href,
        subtitle_url: pathToFileURL(srt).href,
        source_language: 'en',
        target_language: 'es',
        export_type: 'audio',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const started = Date.now();
    const task = await svc.waitForTask(created.body.task_id, undefined, 120_000);
    const { quality } = (await svc.api(`/v1/media/translate/${created.body.task_id}`)).body;
    console.log(
      `[speaker_uncertain] ${name}: ${clips.length} lines, ${(joined.durationMs / 1000).toFixed(1)} s of audio, job ${Date.now() - started} ms; ` +
        `speakers ${quality?.speakers}; ${JSON.stringify(quality?.review.filter((item: any) => item.reasons.includes('speaker_uncertain')))}`,
    );
    return { joined, task, quality };
  }

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-speaker-uncertain-');
    svc = await startTestService();
  }, 60_000);

  afterAll(async () => {
    await svc?.stop();
    await media?.cleanup();
  });

  it("names the second reader's line speaker_uncertain, at its time, when the voices are told apart by a narrow margin", async () => {
    const librivox = librivoxClips().find((clip) => clip.wavFile.endsWith('-0930.wav'))!;
    const { joined, task, quality } = await dub('two-readers', [...cardsClips(['001', '003']), librivox]);
    expect(task.status, JSON.stringify(task)).toBe('done');
    expect(quality.speakers).toBe(2);
    const uncertain = quality.review.filter((item: { reasons: string[] }) =>
      item.reasons.includes('speaker_uncertain'),
    );
    expect(uncertain).toHaveLength(1);
    const other = joined.clips[2]!;
    expect(uncertain[0].start).toBeCloseTo(other.startMs / 1000, 2);
    expect(uncertain[0].end).toBeCloseTo(other.endMs / 1000, 2);
    expect(uncertain[0].detail).toMatch(
      /^Given a speaker of its own, though .* only \d\.\d spreads .*this may be the same person\.$/,
    );
  }, 150_000);

  it("keeps one reader's lines one speaker with no speaker_uncertain item", async () => {
    const { task, quality } = await dub('one-reader', cardsClips(['001', '003']));
    expect(task.status, JSON.stringify(task)).toBe('done');
    expect(quality.speakers).toBe(1);
    expect(quality.review.filter((item: { reasons: string[] }) => item.reasons.includes('speaker_uncertain'))).toEqual(
      [],
    );
  }, 150_000);
});
