// Subtitle limits at the door: a local SRT over a limit answers 400 at create; a remote one fails the job's first
// stage with the same code and message. Neither quotes the cue's text.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSrtTime } from '../../src/main/media/srt.js';
import { MAX_CUE_CHARACTERS, MAX_CUES } from '../../src/main/requests/subtitle-limits.js';
import { makeAudio, makeMediaDir, makeTextFile } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';

let svc: TestService;
let media: Awaited<ReturnType<typeof makeMediaDir>>;
let audioPath: string;
let server: http.Server;
let serverUrl: string;
const served = new Map<string, string>();

/** SRT text with `count` one-word cues of 100 ms each, cue `long` (if given) holding `longText`. */
function srt(count: number, long?: { index: number; text: string }): string {
  const parts: string[] = [];
  for (let i = 1; i <= count; i++) {
    const text = long && long.index === i ? long.text : 'Hallo.';
    parts.push(`${i}\n${formatSrtTime((i - 1) * 100)} --> ${formatSrtTime((i - 1) * 100 + 90)}\n${text}\n`);
  }
  return parts.join('\n');
}

const body = (subtitleUrl: string) => ({
  media_type: 'audio',
  media_url: pathToFileURL(audioPath).href,
  subtitle_url: subtitleUrl,
  subtitle_usage_type: 'final_translated',
  target_language: 'de',
  export_type: 'audio',
});

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-subtitle-limits-');
  audioPath = await makeAudio(media.dir, { durationSec: 3, name: 'short.wav' });
  server = http.createServer((request, response) => {
    const text = served.get(request.url ?? '');
    if (text === undefined) response.writeHead(404).end();
    else response.writeHead(200, { 'content-type': 'application/x-subrip' }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  svc = await startTestService();
}, 60_000);

afterAll(async () => {
  await svc?.stop();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await media?.cleanup();
});

describe('subtitle limits', () => {
  it('answers 400 invalid_subtitle naming the cue and the limit for a local SRT with a cue over 1,000 characters', async () => {
    const file = await makeTextFile(media.dir, 'long-cue.srt', srt(3, { index: 2, text: 'geheim '.repeat(200) }));
    const created = await svc.api('/v1/media/translate', { body: body(pathToFileURL(file).href) });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({
      code: 'invalid_subtitle',
      message: `Cue 2 (00:00:00,100 --> 00:00:00,190) has 1,399 characters; at most ${MAX_CUE_CHARACTERS.toLocaleString('en-US')} are accepted per cue. Split it into shorter cues.`,
    });
    expect(JSON.stringify(created.body)).not.toContain('geheim');
  });

  it('answers 400 invalid_subtitle naming the count and the limit for a local SRT with more than 10,000 cues', async () => {
    const file = await makeTextFile(media.dir, 'many.srt', srt(MAX_CUES + 1));
    const created = await svc.api('/v1/media/translate', { body: body(pathToFileURL(file).href) });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({
      code: 'invalid_subtitle',
      message: expect.stringMatching(/^The subtitle file has 10,001 cues; at most 10,000 are accepted per file/),
    });
  });

  it('fails a job whose remote SRT has a cue over the limit, in its first stage, with the same code and message', async () => {
    served.set('/remote-long.srt', srt(3, { index: 3, text: 'x'.repeat(MAX_CUE_CHARACTERS + 1) }));
    const created = await svc.api('/v1/media/translate', { body: body(`${serverUrl}/remote-long.srt`) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const task = await svc.waitForTask(created.body.task_id, undefined, 60_000);
    expect(task).toMatchObject({ status: 'failed', stage: 'fetch-inputs', err_code: 'invalid_subtitle' });
    expect(task.err_message).toBe(
      'Cue 3 (00:00:00,200 --> 00:00:00,290) has 1,001 characters; at most 1,000 are accepted per cue. Split it into shorter cues.',
    );
  });
});
