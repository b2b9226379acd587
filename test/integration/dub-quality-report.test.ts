// The quality report of a dub, end to end over HTTP: measured on the dub track and the mix, on every status record
// once the job is done (GET /v1/tasks/{id}, the status route, the final callback), and never before.
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSrtTime } from '../../src/main/media/srt.js';
import { makeMediaDir, makeTextFile } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { makeSpokenAudio, type SpokenAudio } from '../fixtures/speech.js';
import { startReceiver, waitFor, type Receiver } from './callbacks-receiver.js';

const VOICE = 'espeak:de+f2';
const LONG_LINE = 'Hallo und einen wunderschönen guten Tag an alle Zuschauerinnen und Zuschauer zu Hause.';

let svc: TestService;
let media: Awaited<ReturnType<typeof makeMediaDir>>;
let receiver: Receiver;
let original: SpokenAudio;

/** Three German lines over the English original's three cues; the middle one gets `middleMs` of room. */
async function germanSrt(name: string, middleText: string, middleMs: number): Promise<string> {
  const cues = [
    [500, 2500, 'Guten Morgen.'],
    [3000, 3000 + middleMs, middleText],
    [3100 + middleMs, 4600 + middleMs, 'Danke.'],
  ] as const;
  return makeTextFile(
    media.dir,
    name,
    cues
      .map(([from, to, text], i) => `${i + 1}\n${formatSrtTime(from)} --> ${formatSrtTime(to)}\n${text}\n`)
      .join('\n'),
  );
}

async function dub(srt: string) {
  const created = await svc.api('/v1/media/translate', {
    body: {
      media_type: 'audio',
      media_url: pathToFileURL(original.audioPath).href,
      subtitle_url: pathToFileURL(srt).href,
      subtitle_usage_type: 'final_translated',
      target_language: 'de',
      selected_voice_id: VOICE,
      export_type: 'audio',
      callback_url: receiver.url,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const taskId = created.body.task_id as string;
  const task = await svc.waitForTask(taskId, undefined, 120_000);
  const status = (await svc.api(`/v1/media/translate/${taskId}`)).body;
  await waitFor(
    () =>
      receiver.accepted.some(
        (request) => JSON.parse(request.body).task_id === taskId && JSON.parse(request.body).status === 'done',
      ),
    'the final callback',
    20_000,
  );
  const callbacks = receiver.accepted
    .map((request) => JSON.parse(request.body))
    .filter((body) => body.task_id === taskId);
  const log = (await svc.api(`/v1/tasks/${taskId}/log?limit=500`)).body.lines
    .map((line: { message: string }) => line.message)
    .join('\n');
  return { task, status, callbacks, log };
}

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-dub-quality-');
  // The original speaks English where the German lines will go, so the mix has a voice to pull down.
  original = await makeSpokenAudio(media.dir, {
    name: 'original',
    durationSec: 12,
    cues: [
      { startMs: 500, endMs: 2500, text: 'Good morning to you.' },
      { startMs: 3000, endMs: 7000, text: 'Hello and a very good day to everyone watching at home.' },
      { startMs: 7500, endMs: 9500, text: 'Thank you.' },
    ],
  });
  receiver = await startReceiver();
  svc = await startTestService();
}, 60_000);

afterAll(async () => {
  await svc?.stop();
  await receiver?.close();
  await media?.cleanup();
});

describe('the quality report of a dub', () => {
  it('is clean for lines that fit: their own pace, on time, the original voice pulled down; in every record once done', async () => {
    const { task, status, callbacks } = await dub(await germanSrt('roomy.srt', 'Hallo.', 4000));
    expect(task.status, JSON.stringify(task)).toBe('done');
    const { quality } = status;
    expect(quality.review, JSON.stringify(quality.review)).toEqual([]);
    expect(quality.max_speed).toBeGreaterThan(0.85);
    expect(quality.max_speed).toBeLessThanOrEqual(1.15);
    // Lines from an SRT: no recogniser to be sure or unsure.
    expect(quality.recognition_confidence).toBeNull();
    // Ducked 24 dB where the VAD heard the English (the fades at each region's edges take a little off).
    expect(quality.original_voice_reduction_db).toBeGreaterThan(15);
    expect(quality.original_voice_reduction_db).toBeLessThan(30);
    expect(quality.speakers).toBe(1);
    expect(task.quality).toEqual(quality);
    expect(callbacks.at(-1).quality).toEqual(quality);
    // Before the job was done no record carried a report.
    for (const early of callbacks.filter((body) => body.status !== 'done')) expect(early).not.toHaveProperty('quality');
  }, 150_000);

  it('names a line squeezed into a short cue as too fast, with the pace measured on the dub track', async () => {
    const { task, status, log } = await dub(await germanSrt('squeezed.srt', LONG_LINE, 3000));
    expect(task.status, JSON.stringify(task)).toBe('done');
    const { quality } = status;
    const fast = quality.review.filter((item: { reasons: string[] }) => item.reasons.includes('too_fast'));
    const squeezed = fast.find((item: { line: number }) => item.line === 2);
    expect(squeezed, JSON.stringify(quality.review)).toMatchObject({ start: 3, end: 6, text: LONG_LINE });
    // Planned at rate 1.25 x stretch 1.20 (the log says so); the dub track must sound about that fast.
    expect(log).toMatch(/cue 2: [\d.]+ s of speech for a 3\.00 s cue -> rate 1\.25x, stretch 1\.2\dx/);
    const measured = Number(/spoken at (\d\.\d\d)x the voice's normal pace/.exec(squeezed.detail)?.[1]);
    expect(measured).toBeGreaterThan(1.35);
    expect(measured).toBeLessThan(1.65);
    expect(quality.max_speed).toBe(measured);
    // The planner evens the pace out, so a neighbour may be sped up a little too, but never as much.
    for (const other of fast.filter((item: { line: number }) => item.line !== 2)) {
      expect(Number(/(\d\.\d\d)x/.exec(other.detail)?.[1])).toBeLessThan(measured);
    }
  }, 150_000);
});
