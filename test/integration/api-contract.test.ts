// Every validation rule of the contract, each with its error code, over real HTTP on loopback.
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAudio, makeImage, makeMediaDir, makeTextFile, makeVideo } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { resolveSchema } from '../fixtures/openapi-refs.js';
import { ERROR_CATALOGUE } from '../../src/shared/errors.js';

let svc: TestService;
let media: { dir: string; cleanup: () => Promise<void> };
let video: string;
let silentVideo: string;
let audio: string;
let image: string;
let subtitles: string;
const url = (file: string) => pathToFileURL(file).href;

function srt(cues: Array<[string, string, string]>): string {
  return cues.map(([start, end, text], i) => `${i + 1}\n${start} --> ${end}\n${text}\n`).join('\n');
}

/** A WAV whose header promises `seconds` of 8 kHz 8-bit mono: a sparse file, so a 2 h input costs no disk or time. */
async function longWav(file: string, seconds: number): Promise<string> {
  const dataBytes = seconds * 8000;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  await fs.writeFile(file, header);
  await fs.truncate(file, 44 + dataBytes);
  return file;
}

beforeAll(async () => {
  media = await makeMediaDir();
  [video, silentVideo, audio, image] = await Promise.all([
    makeVideo(media.dir, { durationSec: 3 }),
    makeVideo(media.dir, { durationSec: 1, withAudio: false }),
    makeAudio(media.dir, { durationSec: 2, format: 'mp3' }),
    makeImage(media.dir, { format: 'png' }),
  ]);
  subtitles = await makeTextFile(media.dir, 'speech.srt', srt([['00:00:00,500', '00:00:02,000', 'Guten Tag']]));
  svc = await startTestService({ config: { maxQueuedJobs: 1000 } });
});

afterAll(async () => {
  await svc?.stop();
  await media?.cleanup();
});

const translate = (extra: Record<string, unknown> = {}) => ({
  media_type: 'video',
  media_url: url(video),
  subtitle_url: url(subtitles),
  subtitle_usage_type: 'final_translated',
  target_language: 'de',
  export_type: 'auto',
  ...extra,
});

async function expectError(pathname: string, body: unknown, status: number, code: string, message?: RegExp) {
  const response = await svc.api(pathname, { body });
  expect(response.status).toBe(status);
  expect(response.body.code).toBe(code);
  expect(typeof response.body.serverTs).toBe('string');
  if (message) expect(response.body.message).toMatch(message);
  return response.body;
}

describe('authentication and origin checks', () => {
  it('answers 401 unauthorized without a key and with an unknown key', async () => {
    expect((await svc.api('/v1/tasks', { headers: { authorization: '' } })).body.code).toBe('unauthorized');
    const wrong = await svc.api('/v1/tasks', { headers: { authorization: 'Bearer not-a-key' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('unauthorized');
  });

  it('refuses a foreign Host header (DNS rebinding) with 403 forbidden', async () => {
    const { port } = new URL(svc.url);
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/v1/tasks',
          headers: { host: `attacker.example:${port}`, authorization: 'Bearer x' },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body).code).toBe('forbidden');
  });

  it('refuses a foreign Origin with 403 forbidden but accepts its own', async () => {
    const foreign = await svc.api('/v1/tasks', { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('forbidden');
    expect((await svc.api('/v1/tasks', { headers: { origin: svc.url } })).status).toBe(200);
  });
});

describe('request shape (invalid_request)', () => {
  it('rejects a body that is not JSON', async () => {
    await expectError('/v1/media/translate', '{"media_type": ', 400, 'invalid_request', /not valid JSON/);
  });

  it('rejects unknown fields by name, so typos never pass silently', async () => {
    await expectError(
      '/v1/media/translate',
      translate({ subtitle_mod: 'add' }),
      400,
      'invalid_request',
      /subtitle_mod/,
    );
  });

  it('rejects a missing required field by name', async () => {
    const { export_type: _drop, ...rest } = translate();
    await expectError('/v1/media/translate', rest, 400, 'invalid_request', /export_type/);
  });

  it('rejects enum violations and wrong types without coercion', async () => {
    await expectError(
      '/v1/video_generation',
      { reference_file_url: url(video), model: 'ultra_v2', reference_file_type: 'video' },
      400,
      'invalid_request',
      /model/,
    );
    await expectError('/v1/media/translate', translate({ align_video: 'true' }), 400, 'invalid_request', /align_video/);
    await expectError(
      '/v1/media/translate',
      translate({ subtitle_position_y: 1.5 }),
      400,
      'invalid_request',
      /subtitle_position_y/,
    );
  });

  it('checks the language patterns of each route', async () => {
    await expectError(
      '/v1/media/translate',
      translate({ target_language: 'deu' }),
      400,
      'invalid_request',
      /target_language/,
    );
    await expectError(
      '/v1/media/translate',
      translate({ source_language: 'Auto' }),
      400,
      'invalid_request',
      /source_language/,
    );
    await expectError(
      '/v1/media/frame_translate',
      { video_url: url(video), source_language: 'en_US', target_language: 'de' },
      400,
      'invalid_request',
      /source_language/,
    );
  });

  it('requires audio_url for an image reference', async () => {
    await expectError(
      '/v1/video_generation',
      { reference_file_url: url(image), model: 'standard_v1', reference_file_type: 'image' },
      400,
      'invalid_request',
      /audio_url/,
    );
  });

  it('rejects a callback_url that is not http(s)', async () => {
    await expectError(
      '/v1/media/translate',
      translate({ callback_url: 'ftp://example.com/hook' }),
      400,
      'invalid_request',
      /callback_url/,
    );
  });
});

describe('field rules of the contract', () => {
  it('answers conflicting_fields for subtitle_url with ocr_text_box', async () => {
    const subtitle = await makeTextFile(media.dir, 'ok.srt', srt([['00:00:00,000', '00:00:01,000', 'Hallo']]));
    await expectError(
      '/v1/media/translate',
      translate({ subtitle_url: url(subtitle), ocr_text_box: { x: 0, y: 0.8, width: 1, height: 0.2 } }),
      400,
      'conflicting_fields',
    );
    await expectError(
      '/v1/media/translate',
      translate({ ocr_text_box: { x: 0, y: 0.8, width: 1, height: 0.2 } }),
      400,
      'conflicting_fields',
      /subtitle_url and ocr_text_box/,
    );
  });

  it('answers conflicting_fields for ocr_text_box or a video export with audio input', async () => {
    const audioOnly = {
      media_type: 'audio',
      media_url: url(audio),
      subtitle_url: url(subtitles),
      target_language: 'de',
    };
    const { subtitle_url: _none, ...audioNoSubtitles } = audioOnly;
    await expectError(
      '/v1/media/translate',
      { ...audioNoSubtitles, export_type: 'auto', ocr_text_box: { x: 0, y: 0, width: 1, height: 1 } },
      400,
      'conflicting_fields',
    );
    await expectError(
      '/v1/media/translate',
      { ...audioOnly, export_type: 'video' },
      400,
      'conflicting_fields',
      /export_type/,
    );
    await expectError(
      '/v1/media/translate',
      { ...audioOnly, export_type: 'all' },
      400,
      'conflicting_fields',
      /export_type/,
    );
  });

  it('answers too_many_glossaries for more than 3 glossary ids', async () => {
    await expectError(
      '/v1/media/translate',
      translate({ glossary_ids: ['a', 'b', 'c', 'd'] }),
      400,
      'too_many_glossaries',
    );
    await expectError(
      '/v1/media/frame_translate',
      { video_url: url(video), source_language: 'en', target_language: 'de', glossary_ids: ['a', 'b', 'c', 'd'] },
      400,
      'too_many_glossaries',
    );
  });

  it('answers not_found for a glossary that does not exist, and accepts one that does', async () => {
    await expectError(
      '/v1/media/translate',
      translate({ glossary_ids: ['missing'] }),
      404,
      'not_found',
      /Glossary missing/,
    );
    const created = await svc.api('/v1/glossaries', {
      body: {
        name: 'Brand',
        source_language: 'en',
        target_language: 'de',
        entries: [{ source: 'DubDesk', target: 'DubDesk' }],
      },
    });
    expect(created.status).toBe(200);
    const ok = await svc.api('/v1/media/translate', { body: translate({ glossary_ids: [created.body.glossary_id] }) });
    expect(ok.status).toBe(200);
  });

  it('answers unsupported_language for a language part not in the list, whatever the locale', async () => {
    await expectError('/v1/media/translate', translate({ target_language: 'xx' }), 400, 'unsupported_language', /xx/);
    await expectError(
      '/v1/media/frame_translate',
      { video_url: url(video), source_language: 'qqq', target_language: 'de' },
      400,
      'unsupported_language',
    );
    expect(
      (
        await svc.api('/v1/media/translate', {
          body: translate({ target_language: 'pt-BR', source_language: 'en-US' }),
        })
      ).status,
    ).toBe(200);
    // The locales pass the language checks and reach the engine checks: no built-in engine translates Chinese to German.
    await expectError(
      '/v1/media/frame_translate',
      { video_url: url(video), source_language: 'zh-Hant-TW', target_language: 'deu' },
      400,
      'model_not_installed',
      /German/,
    );
  });
});

describe('models a request needs (model_not_installed)', () => {
  it('names the speech-recognition model when a translate job has no subtitles', async () => {
    const { subtitle_url: _drop, ...withoutSubtitles } = translate();
    const body = await expectError('/v1/media/translate', withoutSubtitles, 400, 'model_not_installed', /whisper-base/);
    // Whisper runs it once installed, so the install is offered.
    expect(body.message).toMatch(/dubdesk models install whisper-base/);
  });
});

describe('local inputs are checked by content at create time', () => {
  it('answers unsupported_media for a PNG named .mp4 and for a .txt name', async () => {
    const disguised = path.join(media.dir, 'disguised.mp4');
    await fs.copyFile(image, disguised);
    await expectError(
      '/v1/media/translate',
      translate({ media_url: url(disguised) }),
      400,
      'unsupported_media',
      /disguised\.mp4/,
    );
    const text = await makeTextFile(media.dir, 'notes.txt', 'hello');
    await expectError(
      '/v1/video_generation',
      { reference_file_url: url(video), audio_url: url(text), model: 'standard_v1', reference_file_type: 'video' },
      400,
      'unsupported_media',
      /\.txt/,
    );
  });

  it('answers unsupported_media when reference_file_type says video but the file is an image', async () => {
    const body = await expectError(
      '/v1/video_generation',
      { reference_file_url: url(image), audio_url: url(audio), model: 'standard_v1', reference_file_type: 'video' },
      400,
      'unsupported_media',
    );
    expect(body.message).toMatch(/accepted types/);
  });

  it('answers no_audio for a silent video reference without audio_url', async () => {
    await expectError(
      '/v1/video_generation',
      { reference_file_url: url(silentVideo), model: 'standard_v1', reference_file_type: 'video' },
      400,
      'no_audio',
    );
  });

  it('answers media_too_long past 2 hours for translate', async () => {
    const long = await longWav(path.join(media.dir, 'two-hours.wav'), 2 * 3600 + 5);
    await expectError(
      '/v1/media/translate',
      {
        media_type: 'audio',
        media_url: url(long),
        subtitle_url: url(subtitles),
        subtitle_usage_type: 'final_translated',
        target_language: 'de',
        export_type: 'audio',
      },
      400,
      'media_too_long',
      /2 h 0 min/,
    );
  });

  it('answers not_found for a file:// input that does not exist', async () => {
    await expectError('/v1/media/translate', translate({ media_url: 'file:///no/such/clip.mp4' }), 404, 'not_found');
  });

  it('accepts an uploaded file through its url', async () => {
    const bytes = await fs.readFile(video);
    const upload = await fetch(`${svc.url}/v1/files`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${(await import('../fixtures/service.js')).TEST_API_KEY}`,
        'content-type': 'video/mp4',
        'x-file-name': 'my clip.mp4',
      },
      body: bytes,
    });
    expect(upload.status).toBe(201);
    const { url: uploadedUrl } = (await upload.json()) as { url: string };
    const created = await svc.api('/v1/video_generation', {
      body: { reference_file_url: uploadedUrl, model: 'standard_v1', reference_file_type: 'video' },
    });
    expect(created.status).toBe(200);
    const task = await svc.api(`/v1/tasks/${created.body.task_id}`);
    expect(task.body.input_name).toBe('my clip.mp4');
    // An upload can be deleted; afterwards its URL is gone.
    const fileId = new URL(uploadedUrl).pathname.split('/').pop()!;
    expect((await svc.api(`/v1/files/${fileId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await svc.api(`/v1/files/${fileId}`)).status).toBe(404);
    expect((await svc.api(`/v1/files/${fileId}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('SRT rules (invalid_subtitle names the cue)', () => {
  const cases: Array<[string, string, RegExp]> = [
    [
      'overlapping cues',
      srt([
        ['00:00:00,000', '00:00:01,500', 'a'],
        ['00:00:01,000', '00:00:02,000', 'b'],
      ]),
      /[Cc]ue 2/,
    ],
    [
      'a cue that starts after it ends',
      srt([
        ['00:00:00,000', '00:00:01,000', 'a'],
        ['00:00:02,000', '00:00:01,500', 'b'],
      ]),
      /[Cc]ue 2/,
    ],
    [
      'a cue beyond the media',
      srt([
        ['00:00:00,000', '00:00:01,000', 'a'],
        ['00:00:02,000', '00:00:09,000', 'b'],
      ]),
      /[Cc]ue 2/,
    ],
    ['a file that is not SRT', '1\nthis is not a timing line\nhello\n', /line 2/],
  ];
  for (const [name, text, message] of cases) {
    it(`rejects ${name}`, async () => {
      const file = await makeTextFile(media.dir, `${name.replace(/\W+/g, '-')}.srt`, text);
      await expectError(
        '/v1/media/translate',
        translate({ subtitle_url: url(file) }),
        400,
        'invalid_subtitle',
        message,
      );
    });
  }

  it('rejects subtitles totalling more than 2 hours', async () => {
    const long = await longWav(path.join(media.dir, 'almost-two-hours.wav'), 2 * 3600);
    const file = await makeTextFile(media.dir, 'long.srt', srt([['00:00:00,000', '02:00:00,500', 'a']]));
    await expectError(
      '/v1/media/translate',
      {
        media_type: 'audio',
        media_url: url(long),
        subtitle_url: url(file),
        subtitle_usage_type: 'final_translated',
        target_language: 'de',
        export_type: 'audio',
      },
      400,
      'invalid_subtitle',
      /[Cc]ue 1/,
    );
  });

  it('accepts a valid SRT with BOM, CRLF and speaker tags', async () => {
    const file = await makeTextFile(
      media.dir,
      'good.srt',
      `\uFEFF${srt([
        ['00:00:00,000', '00:00:01,000', '<v Anna>Hallo'],
        ['00:00:01,200', '00:00:02,500', '<v Ben>Guten Tag'],
      ]).replace(/\n/g, '\r\n')}`,
    );
    const response = await svc.api('/v1/media/translate', { body: translate({ subtitle_url: url(file) }) });
    expect(response.status).toBe(200);
  });
});

describe('status routes and task management', () => {
  it('returns not_found for unknown tasks on every status route', async () => {
    for (const route of [
      '/v1/video_generation',
      '/v1/reusable_lipsync_model_video_generation',
      '/v1/media/translate',
      '/v1/media/frame_translate',
      '/v1/tasks',
    ]) {
      const response = await svc.api(`${route}/nope`);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('not_found');
    }
  });

  it('answers not_found for a reusable model that does not exist', async () => {
    await expectError(
      '/v1/reusable_lipsync_model_video_generation',
      { model_id: 'nope', audio_url: url(audio) },
      404,
      'not_found',
      /nope/,
    );
  });

  it('shows a created translate task in the cloud shape with its defaults applied', async () => {
    const created = await svc.api('/v1/media/translate', { body: translate() });
    const status = await svc.api(`/v1/media/translate/${created.body.task_id}`);
    expect(status.status).toBe(200);
    expect(['queuing', 'preprocessing', 'failed']).toContain(status.body.status);
    expect(status.body.task_id).toBe(created.body.task_id);
    expect(status.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const detail = await svc.api(`/v1/tasks/${created.body.task_id}`);
    expect(detail.body.request).toMatchObject({
      target_language: 'de',
      subtitle_mode: 'none',
      voice_model: 'auto',
      align_video: false,
    });
    const listed = await svc.api('/v1/tasks?kind=translate&limit=500');
    expect(listed.body.tasks.map((task: { task_id: string }) => task.task_id)).toContain(created.body.task_id);
  });

  it('reports a lip-sync task on the translate route as not found (kinds are not mixed)', async () => {
    const created = await svc.api('/v1/video_generation', {
      body: { reference_file_url: url(video), model: 'standard_v1', reference_file_type: 'video' },
    });
    expect((await svc.api(`/v1/media/translate/${created.body.task_id}`)).status).toBe(404);
    expect((await svc.api(`/v1/video_generation/${created.body.task_id}`)).status).toBe(200);
  });

  it('pages through the task list with a cursor', async () => {
    const first = await svc.api('/v1/tasks?limit=2');
    expect(first.body.tasks).toHaveLength(2);
    expect(first.body.next_cursor).toBeTruthy();
    const second = await svc.api(`/v1/tasks?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    const ids = new Set([...first.body.tasks, ...second.body.tasks].map((task: { task_id: string }) => task.task_id));
    expect(ids.size).toBe(first.body.tasks.length + second.body.tasks.length);
  });
});

describe('OpenAPI document', () => {
  it('lists every route of the contract and the local additions with the error catalogue', async () => {
    const { body } = await svc.api('/v1/openapi.json');
    expect(body.openapi).toBe('3.1.0');
    for (const route of [
      '/v1/video_generation',
      '/v1/video_generation/{task_id}',
      '/v1/media/translate',
      '/v1/media/translate/{task_id}',
      '/v1/media/frame_translate',
      '/v1/media/frame_translate/{task_id}',
      '/v1/reusable_lipsync_model_video_generation',
      '/v1/reusable_lipsync_model_video_generation/{task_id}',
      '/v1/files',
      '/v1/files/{file_id}',
      '/v1/tasks',
      '/v1/tasks/{task_id}/cancel',
      '/v1/tasks/{task_id}/retry',
      '/v1/events',
      '/v1/reusable_lipsync_models',
      '/v1/models',
      '/v1/glossaries',
      '/v1/openapi.json',
    ]) {
      expect(Object.keys(body.paths)).toContain(route);
    }
    const translateBody = resolveSchema(
      body,
      body.paths['/v1/media/translate'].post.requestBody.content['application/json'].schema,
    );
    expect(translateBody.additionalProperties).toBe(false);
    expect(translateBody.properties.voice_model.enum).toEqual(['auto', 'real', 'native']);
    expect(body.components.schemas.Error.properties.code.enum).toContain('model_not_installed');
  });

  it('names, describes, groups and lists the catalogue errors of every operation, as a client generator needs', async () => {
    const { body } = await svc.api('/v1/openapi.json');
    const tags = new Set(body.tags.map((tag: { name: string }) => tag.name));
    const operationIds = new Set<string>();
    for (const [route, operations] of Object.entries(body.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${route}`;
        expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
        expect(operationIds.has(operation.operationId), `${where}: operationId ${operation.operationId} twice`).toBe(
          false,
        );
        operationIds.add(operation.operationId);
        expect(operation.summary, where).toBeTruthy();
        expect(operation.description.length, where).toBeGreaterThan(operation.summary.length);
        expect(operation.tags.length, where).toBeGreaterThan(0);
        for (const tag of operation.tags) expect(tags.has(tag), `${where} tag ${tag}`).toBe(true);
        const responses = Object.entries(operation.responses as Record<string, any>);
        expect(
          responses.some(([status]) => /^[23]/.test(status)),
          `${where} has no success answer`,
        ).toBe(true);
        // Every 4xx/5xx the service gives names its catalogue codes; only a route's own written-out answer (416) may not.
        const coded = responses.filter(([status, response]) => /^[45]/.test(status) && response['x-error-codes']);
        expect(
          coded.filter(([status]) => status.startsWith('4')).length,
          `${where} lists no 4xx error codes`,
        ).toBeGreaterThan(0);
        for (const [status, response] of coded) {
          expect(response['x-error-codes'].length, `${where} ${status}`).toBeGreaterThan(0);
          for (const code of response['x-error-codes'])
            expect(ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE]?.status, `${where} ${code}`).toBe(
              Number(status),
            );
          expect(
            resolveSchema(body, response.content['application/json'].schema).properties.code.enum,
            `${where} ${status}`,
          ).toContain(response['x-error-codes'][0]);
        }
        // A JSON body or answer is a schema a generator can name or read, never one whose $ref leads nowhere.
        const jsonBodies = [operation.requestBody, ...responses.map(([, response]) => response)].flatMap((part) =>
          part?.content?.['application/json'] ? [part.content['application/json'].schema] : [],
        );
        for (const schema of jsonBodies) expect(resolveSchema(body, schema).type, where).toBeTruthy();
      }
    }
    // Every `$ref` anywhere in the document names a schema it has.
    const named = [...JSON.stringify(body).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(named.length).toBeGreaterThan(10);
    for (const name of new Set(named)) expect(Object.keys(body.components.schemas)).toContain(name);
    expect(
      body.paths['/v1/video_generation'].post.requestBody.content['application/json'].examples.photo.value,
    ).toMatchObject({ reference_file_type: 'image' });
    expect(body.info.license.identifier).toBe('GPL-3.0-or-later');
    expect(body.components.securitySchemes.bearer).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
  });

  it('says what the task, file, event, key and meta operations take and answer when it is not JSON', async () => {
    const { body } = await svc.api('/v1/openapi.json');
    const operation = (route: string, method: string) => body.paths[route][method];
    expect(Object.keys(operation('/v1/files', 'post').requestBody.content)).toEqual([
      'application/octet-stream',
      'multipart/form-data',
    ]);
    expect(operation('/v1/files', 'post').responses['201'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/UploadedFile',
    });
    const download = operation('/v1/files/{file_id}', 'get');
    expect(Object.keys(download.responses)).toEqual(expect.arrayContaining(['200', '206', '304', '401', '404', '416']));
    expect(download.responses['416'].description).toBe('Range not satisfiable');
    expect(download.security).toEqual([{ bearer: [] }, { signedUrl: [] }]);
    expect(Object.keys(operation('/v1/events', 'get').responses['200'].content)).toEqual(['text/event-stream']);
    for (const [route, method] of [
      ['/v1/tasks/{task_id}', 'delete'],
      ['/v1/files/{file_id}', 'delete'],
      ['/v1/keys/{key_id}', 'delete'],
    ]) {
      expect(operation(route, method).responses['204'], `${method} ${route}`).toEqual({ description: 'Success' });
    }
    expect(operation('/v1/tasks/{task_id}/cancel', 'post').responses['409']['x-error-codes']).toEqual(['conflict']);
    expect(operation('/v1/tasks/{task_id}/retry', 'post').responses['429']['x-error-codes']).toEqual(['rate_limited']);
    expect(operation('/v1/keys', 'get').description).toContain('Needs an `admin` key.');
    const answered = (route: string, method: string, status = '200') =>
      operation(route, method).responses[status].content['application/json'].schema.$ref;
    expect(
      [
        answered('/v1/tasks', 'get'),
        answered('/v1/tasks/{task_id}/log', 'get'),
        answered('/v1/keys', 'get'),
        answered('/v1/keys', 'post'),
        answered('/v1/settings', 'get'),
        answered('/v1/settings', 'put'),
        answered('/v1/health', 'get'),
        answered('/v1/languages', 'get'),
        answered('/v1/meta', 'get'),
        answered('/v1/capabilities', 'get'),
        answered('/v1/media/translate/plan', 'post'),
      ].map((ref) => ref.split('/').pop()),
    ).toEqual([
      'TaskList',
      'TaskLog',
      'ApiKeyList',
      'CreatedApiKey',
      'ServiceSettings',
      'ChangeableSettings',
      'Health',
      'LanguageList',
      'KindsMeta',
      'Capabilities',
      'TranslatePlan',
    ]);
  });
});

describe('reusable lip-sync models', () => {
  it('refuses to make one from a task that does not exist or is not a finished precision_v1 lip-sync', async () => {
    await expectError('/v1/reusable_lipsync_models', { task_id: 'nope' }, 404, 'not_found');
    const created = await svc.api('/v1/video_generation', {
      body: { reference_file_url: url(video), model: 'standard_v1', reference_file_type: 'video' },
    });
    await expectError(
      '/v1/reusable_lipsync_models',
      { task_id: created.body.task_id },
      400,
      'invalid_request',
      /precision_v1/,
    );
    await expectError(
      '/v1/reusable_lipsync_models',
      { task_id: created.body.task_id, extra: 1 },
      400,
      'invalid_request',
      /extra/,
    );
  });

  it('lists none on a fresh data folder and answers not_found for an unknown one', async () => {
    expect((await svc.api('/v1/reusable_lipsync_models')).body).toEqual({ models: [] });
    expect((await svc.api('/v1/reusable_lipsync_models/nope', { method: 'DELETE' })).status).toBe(404);
  });
});

describe('glossaries', () => {
  it('creates, reads, replaces and deletes a glossary', async () => {
    const created = await svc.api('/v1/glossaries', {
      body: {
        name: 'Terms',
        source_language: 'en',
        target_language: 'fr',
        entries: [{ source: 'dub', target: 'doublage' }],
      },
    });
    const id = created.body.glossary_id;
    expect((await svc.api(`/v1/glossaries/${id}`)).body.entries).toEqual([{ source: 'dub', target: 'doublage' }]);
    const replaced = await svc.api(`/v1/glossaries/${id}`, {
      method: 'PUT',
      body: { name: 'Terms 2', source_language: 'en', target_language: 'fr', entries: [] },
    });
    expect(replaced.body.name).toBe('Terms 2');
    expect((await svc.api(`/v1/glossaries/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await svc.api(`/v1/glossaries/${id}`)).status).toBe(404);
    await expectError(
      '/v1/glossaries',
      { name: 'x', source_language: 'en', target_language: 'xx', entries: [] },
      400,
      'unsupported_language',
    );
  });
});

describe('translate features that need engines or later versions', () => {
  it('answers model_not_installed when original-language subtitles would need machine translation', async () => {
    await expectError(
      '/v1/media/translate',
      translate({ subtitle_usage_type: 'original', source_language: 'en' }),
      400,
      'model_not_installed',
      /English to German/,
    );
  });

  it('needs no translation model when the subtitles are already in the target language', async () => {
    const response = await svc.api('/v1/media/translate', {
      body: translate({ subtitle_usage_type: 'original', source_language: 'de-AT' }),
    });
    expect(response.status).toBe(200);
  });

  it('takes subtitle_mode replace now (test/integration/dub-subtitle-replace.test.ts runs it)', async () => {
    const response = await svc.api('/v1/media/translate', { body: translate({ subtitle_mode: 'replace' }) });
    expect(response.body.code, JSON.stringify(response.body)).not.toBe('pipeline_unavailable');
  });

  it('takes editable projects and proofreading, and answers not_found for a project that does not exist', async () => {
    expect((await svc.api('/v1/media/translate', { body: translate({ enable_proofreading: true }) })).status).toBe(200);
    expect((await svc.api('/v1/media/translate', { body: translate({ project_mode: 'editable' }) })).status).toBe(200);
    const missing = await svc.api('/v1/projects/no-such-project');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
  });

  it('answers unsupported_language for a target language no built-in voice speaks, unless a voice is chosen', async () => {
    await expectError(
      '/v1/media/translate',
      translate({ target_language: 'zu' }),
      400,
      'unsupported_language',
      /no voice for zu/,
    );
    expect(
      (
        await svc.api('/v1/media/translate', {
          body: translate({ target_language: 'zu', selected_voice_id: 'espeak:en' }),
        })
      ).status,
    ).toBe(200);
  });

  it('answers not_found for an unknown voice or subtitle style', async () => {
    await expectError(
      '/v1/media/translate',
      translate({ selected_voice_id: 'espeak:xx' }),
      404,
      'not_found',
      /Voice espeak:xx/,
    );
    await expectError(
      '/v1/media/translate',
      translate({ subtitle_style_id: 'nope', subtitle_mode: 'add' }),
      404,
      'not_found',
      /Subtitle style nope/,
    );
  });
});

describe('keys and settings for the Settings page', () => {
  it('creates a key shown once, lists it without the secret, and revokes it', async () => {
    const created = await svc.api('/v1/keys', { body: { name: 'laptop script' } });
    expect(created.status).toBe(200);
    expect(created.body.key).toMatch(/^dd_/);
    const listed = await svc.api('/v1/keys');
    expect(JSON.stringify(listed.body)).not.toContain(created.body.key);
    expect(listed.body.keys.map((key: { name: string }) => key.name)).toContain('laptop script');
    expect((await svc.api('/v1/tasks', { headers: { authorization: `Bearer ${created.body.key}` } })).status).toBe(200);
    expect((await svc.api(`/v1/keys/${created.body.key_id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await svc.api('/v1/tasks', { headers: { authorization: `Bearer ${created.body.key}` } })).status).toBe(401);
    expect((await svc.api(`/v1/keys/${created.body.key_id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('shows the base URL, the OpenAPI link and the webhook secret', async () => {
    const { body } = await svc.api('/v1/settings');
    expect(body.base_url).toBe(svc.url);
    expect(body.openapi_url).toBe(`${svc.url}/v1/openapi.json`);
    expect(body.webhook_secret).toBe(svc.service.core.webhookSecret);
    expect(body.data_dir).toBe(svc.dataDir);
  });
});
