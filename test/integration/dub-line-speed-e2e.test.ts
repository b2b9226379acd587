// A line too long for its cue, end to end over HTTP: past the stretch cap but under the intelligibility bound the job
// finishes with a warning naming the line (status routes and callbacks alike); past the bound it fails naming the line.
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEspeakEngine } from '../../src/main/engines/tts/espeak-engine.js';
import { trimSilence } from '../../src/main/media/dsp/envelope.js';
import { formatSrtTime } from '../../src/main/media/srt.js';
import { MAX_SPEECH_SPEED } from '../../src/main/dubbing/timing-plan.js';
import { makeAudio, makeMediaDir, makeTextFile } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { startReceiver, waitFor, type Receiver } from './callbacks-receiver.js';

const VOICE = 'espeak:de+f2';
const LONG_LINE = 'Hallo und einen wunderschönen guten Tag an alle Zuschauerinnen und Zuschauer zu Hause.';
const DEFAULT_CAP_SPEED = 1.25 * 1.3; // the rate boost times the default stretch cap

let svc: TestService;
let media: Awaited<ReturnType<typeof makeMediaDir>>;
let receiver: Receiver;
let audioPath: string;
/** How long the long line takes at normal rate, as the service measures it (same engine, voice, trimming). */
let longLineMs: number;

/** Three cues; the middle one (cue 2) gets `roomMs` of room before cue 3 (which starts 100 ms later, the kept gap). */
async function srtWithRoom(
  name: string,
  roomMs: number,
): Promise<{ file: string; cue2: { start: number; end: number } }> {
  const start2 = 2500;
  const end2 = start2 + roomMs;
  const cues = [
    [500, 2000, 'Guten Morgen.'],
    [start2, end2, LONG_LINE],
    [end2 + 100, end2 + 1600, 'Danke.'],
  ] as const;
  const body = cues
    .map(([from, to, text], i) => `${i + 1}\n${formatSrtTime(from)} --> ${formatSrtTime(to)}\n${text}\n`)
    .join('\n');
  return { file: await makeTextFile(media.dir, name, body), cue2: { start: start2 / 1000, end: end2 / 1000 } };
}

async function dubWithRoom(name: string, roomMs: number) {
  const { file, cue2 } = await srtWithRoom(`${name}.srt`, roomMs);
  const created = await svc.api('/v1/media/translate', {
    body: {
      media_type: 'audio',
      media_url: pathToFileURL(audioPath).href,
      subtitle_url: pathToFileURL(file).href,
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
  // The final callback carries the final status record.
  await waitFor(
    () =>
      receiver.accepted.some(
        (request) =>
          JSON.parse(request.body).task_id === taskId && ['done', 'failed'].includes(JSON.parse(request.body).status),
      ),
    'the final callback',
    20_000,
  );
  const callbacks = receiver.accepted
    .map((request) => JSON.parse(request.body))
    .filter((body) => body.task_id === taskId);
  return { task, status, callbacks, cue2 };
}

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-line-speed-');
  audioPath = await makeAudio(media.dir, { durationSec: 10, name: 'room.wav' });
  const engine = createEspeakEngine();
  try {
    const speech = await engine.synthesize({ text: LONG_LINE, voiceId: VOICE, rate: 1 });
    longLineMs = (trimSilence(speech.samples, speech.sampleRate).samples.length / speech.sampleRate) * 1000;
  } finally {
    await engine.dispose();
  }
  receiver = await startReceiver();
  svc = await startTestService();
}, 60_000);

afterAll(async () => {
  await svc?.stop();
  await receiver?.close();
  await media?.cleanup();
});

describe('a line that must be spoken faster than the stretch cap allows', () => {
  it('finishes done with a line_too_fast warning naming the cue, in GET /v1/tasks/{id}, the status route and the final callback', async () => {
    // 1.8x at normal rate: over the 1.25 x 1.3 the caps allow, under the 2.0x bound.
    const { task, status, callbacks, cue2 } = await dubWithRoom('soft', Math.round(longLineMs / 1.8));
    expect(task.status, JSON.stringify(task)).toBe('done');
    expect(task.warnings).toHaveLength(1);
    const [warning] = task.warnings;
    expect(warning).toMatchObject({ code: 'line_too_fast', cue: 2, start: cue2.start, end: cue2.end });
    expect(warning.speed).toBeGreaterThan(DEFAULT_CAP_SPEED);
    expect(warning.speed).toBeLessThanOrEqual(MAX_SPEECH_SPEED);
    expect(warning.message).toMatch(/^Cue 2 \(00:00:02,500 --> 00:00:0\d,\d{3}\) is spoken at 1\.\d\dx normal speed/);
    expect(warning.message).toMatch(/shorten its text, lengthen the cue, or set align_video true/);
    expect(status.warnings).toEqual(task.warnings);
    expect(status.result.audio_url).toMatch(/\/v1\/files\//);
    const final = callbacks.at(-1);
    expect(final.status).toBe('done');
    expect(final.warnings).toEqual(task.warnings);
    // Before the line was planned the record had nothing new: cloud-shaped clients see no warnings key.
    expect(callbacks[0]).not.toHaveProperty('warnings');
  }, 150_000);

  it('fails invalid_subtitle naming the cue, its times and the speed it would need, when that is over the 2.0x bound', async () => {
    const roomMs = Math.round(longLineMs / 3);
    const { task, status, callbacks } = await dubWithRoom('hard', roomMs);
    expect(task.status, JSON.stringify(task)).toBe('failed');
    expect(task.err_code).toBe('invalid_subtitle');
    expect(task.err_message).toContain(`Cue 2 (00:00:02,500 --> ${formatSrtTime(2500 + roomMs)})`);
    expect(task.err_message).toMatch(/would have to be spoken at 3\.0\dx normal speed .* the limit is 2\.00x/);
    expect(task.err_message).toMatch(/shorten its text, lengthen the cue, or set align_video true/);
    expect(status).toMatchObject({ status: 'failed', err_code: 'invalid_subtitle' });
    expect(status).not.toHaveProperty('warnings');
    expect(callbacks.at(-1)).toMatchObject({
      status: 'failed',
      err_code: 'invalid_subtitle',
      err_message: task.err_message,
    });
  }, 150_000);
});
