// What a hostile request can learn from errors and where it can make DubDesk connect, over real HTTP on loopback:
// an input that is not valid for its kind is never quoted (not in a 400, not in a failed job's err_message or log),
// and link-local / unspecified (and, when set, private) addresses are refused for inputs and callbacks.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAudio, makeMediaDir, makeTextFile, makeVideo } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { recordConnects } from '../fixtures/connect-recorder.js';

const SECRET = 'SECRET-7f3a9c1e';
/** Shaped like /etc/passwd: what `subtitle_url: file:///etc/passwd` used to echo. */
const PASSWD = `root:x:0:0:${SECRET}:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n`;
/** Opens like an MP3 (an ID3 tag), so it passes sniffing and fails in ffprobe. */
const FAKE_MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.from(`\n${PASSWD}`)]);

let svc: TestService;
let strictSvc: TestService;
let media: { dir: string; cleanup: () => Promise<void> };
let video: string;
let audio: string;
let server: http.Server;
let served: string;
const url = (file: string) => pathToFileURL(file).href;

function expectNoSecret(value: unknown): void {
  const text = JSON.stringify(value);
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain('root:x');
  expect(text).not.toContain('/bin/bash');
}

const translate = (extra: Record<string, unknown>) => ({
  media_type: 'video',
  media_url: url(video),
  subtitle_usage_type: 'final_translated',
  target_language: 'de',
  export_type: 'auto',
  ...extra,
});

async function failedJob(
  svcUnderTest: TestService,
  pathname: string,
  body: Record<string, unknown>,
): Promise<{ task: any; log: string[] }> {
  const created = await svcUnderTest.api(pathname, { body });
  expect(created.status).toBe(200);
  const task = await svcUnderTest.waitForTask(created.body.task_id);
  expect(task.status).toBe('failed');
  const log = (await svcUnderTest.api(`/v1/tasks/${task.task_id}/log?limit=500`)).body.lines.map(
    (line: { message: string }) => line.message,
  );
  return { task, log };
}

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-security-');
  [video, audio] = await Promise.all([
    makeVideo(media.dir, { durationSec: 2 }),
    makeAudio(media.dir, { durationSec: 1, format: 'mp3' }),
  ]);
  server = http.createServer((request, response) => {
    if (request.url === '/passwd') response.end(PASSWD);
    else if (request.url === '/voice.mp3') response.end(FAKE_MP3);
    else if (request.url === '/notes') response.end(PASSWD);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  served = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  svc = await startTestService();
  strictSvc = await startTestService({ config: { refusePrivateAddresses: true } });
});

afterAll(async () => {
  await svc?.stop();
  await strictSvc?.stop();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await media?.cleanup();
});

describe('errors never quote an input that is not valid for its kind', () => {
  it('answers a passwd-like local subtitle_url with 400 invalid_subtitle that names the line, not its content', async () => {
    const passwd = await makeTextFile(media.dir, 'passwd', PASSWD);
    const response = await svc.api('/v1/media/translate', { body: translate({ subtitle_url: url(passwd) }) });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_subtitle');
    expect(response.body.message).toContain('line 1 should hold a cue number');
    expectNoSecret(response.body);
  });

  it('keeps the same file out of err_message and the task log when it is fetched over http', async () => {
    const { task, log } = await failedJob(svc, '/v1/media/translate', translate({ subtitle_url: `${served}/passwd` }));
    expect(task.err_code).toBe('invalid_subtitle');
    expect(task.err_message).toContain('line 1 should hold a cue number');
    expectNoSecret(task);
    expectNoSecret(log);
  });

  it('answers a non-media media_url without quoting it, whether sniffing or ffprobe refuses it', async () => {
    const notes = await makeTextFile(media.dir, 'notes', PASSWD);
    const sniffed = await svc.api('/v1/video_generation', {
      body: {
        reference_file_url: url(video),
        audio_url: url(notes),
        model: 'standard_v1',
        reference_file_type: 'video',
      },
    });
    expect(sniffed.status).toBe(400);
    expect(sniffed.body.code).toBe('unsupported_media');
    expectNoSecret(sniffed.body);

    const fakeMp3 = await makeTextFile(media.dir, 'voice.mp3', FAKE_MP3);
    const probed = await svc.api('/v1/video_generation', {
      body: {
        reference_file_url: url(video),
        audio_url: url(fakeMp3),
        model: 'standard_v1',
        reference_file_type: 'video',
      },
    });
    expect(probed.status).toBe(400);
    expect(probed.body.code).toBe('media_unreadable');
    expect(probed.body.message).toMatch(/^voice\.mp3 could not be read as audio or video/);
    expectNoSecret(probed.body);
  });

  it('fails jobs whose fetched media is not media without quoting it', async () => {
    const body = { reference_file_url: url(video), model: 'standard_v1', reference_file_type: 'video' };
    const sniffed = await failedJob(svc, '/v1/video_generation', { ...body, audio_url: `${served}/notes` });
    expect(sniffed.task.err_code).toBe('unsupported_media');
    expectNoSecret(sniffed);
    const probed = await failedJob(svc, '/v1/video_generation', { ...body, audio_url: `${served}/voice.mp3` });
    expect(probed.task.err_code).toBe('media_unreadable');
    expectNoSecret(probed);
  });
});

describe('accepted types', () => {
  it('lists .jpg once although jpg and jpeg are both accepted', async () => {
    const response = await svc.api('/v1/video_generation', {
      body: {
        reference_file_url: url(video),
        audio_url: url(audio),
        model: 'standard_v1',
        reference_file_type: 'image',
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('unsupported_media');
    expect(response.body.message).toMatch(/accepted types: \.jpg, \.png, \.webp\.$/);
  });
});

describe('addresses DubDesk refuses to reach', () => {
  let connectHosts: string[];

  beforeEach(() => {
    // No test may send traffic off loopback: a connect to any other literal address throws instead.
    connectHosts = recordConnects();
  });

  afterEach(() => vi.restoreAllMocks());

  it('refuses a literal link-local or unspecified callback_url at create with 400 invalid_request', async () => {
    for (const callback of [
      'http://169.254.169.254/hook',
      'http://[fe80::1]:8080/hook',
      'http://0.0.0.0:9000/hook',
      'https://[::]/hook',
    ]) {
      const response = await svc.api('/v1/media/translate', {
        body: translate({ subtitle_url: undefined, callback_url: callback }),
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_request');
      expect(response.body.message).toMatch(/^callback_url: .* is an? (link-local|unspecified) address/);
    }
  });

  it('fails a job whose input URL is a link-local address with download_failed, without connecting', async () => {
    const { task } = await failedJob(svc, '/v1/video_generation', {
      reference_file_url: url(video),
      audio_url: 'http://169.254.169.254/latest/voice.mp3',
      model: 'standard_v1',
      reference_file_type: 'video',
    });
    expect(task.err_code).toBe('download_failed');
    expect(task.err_message).toBe(
      'Downloading http://169.254.169.254/latest/voice.mp3 failed: 169.254.169.254 is a link-local address, which DubDesk does not connect to.',
    );
    expect(connectHosts).not.toContain('169.254.169.254');
  });

  it('still allows private callback URLs by default, and refuses them and private inputs with refusePrivateAddresses', async () => {
    // Without subtitles the request stops at the missing speech-recognition model, a check made after callback_url's.
    const lenient = await svc.api('/v1/media/translate', {
      body: translate({ subtitle_url: undefined, callback_url: 'http://192.168.1.5/hook' }),
    });
    expect(lenient.body.code).toBe('model_not_installed');

    const strict = await strictSvc.api('/v1/media/translate', {
      body: translate({ subtitle_url: undefined, callback_url: 'http://192.168.1.5/hook' }),
    });
    expect(strict.status).toBe(400);
    expect(strict.body.message).toContain('callback_url: 192.168.1.5 is a private address');

    const { task } = await failedJob(strictSvc, '/v1/video_generation', {
      reference_file_url: url(video),
      audio_url: 'http://10.0.0.7/voice.mp3',
      model: 'standard_v1',
      reference_file_type: 'video',
    });
    expect(task.err_code).toBe('download_failed');
    expect(task.err_message).toContain('10.0.0.7 is a private address');
    expect(connectHosts).not.toContain('10.0.0.7');
  });

  it('still fetches inputs from loopback under refusePrivateAddresses', async () => {
    const created = await strictSvc.api('/v1/video_generation', {
      body: {
        reference_file_url: url(video),
        audio_url: `${served}/voice.mp3`,
        model: 'standard_v1',
        reference_file_type: 'video',
      },
    });
    const task = await strictSvc.waitForTask(created.body.task_id);
    // It got as far as looking at the bytes: the download itself was allowed.
    expect(task.err_code).toBe('media_unreadable');
  });
});
