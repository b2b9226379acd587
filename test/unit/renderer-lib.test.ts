// Pins the renderer's small helpers: SRT display and WebVTT, the curl a user copies, result paths and links,
// local file URLs, a task's request and original input, model install events and the API client's error parsing.
import { describe, expect, it } from 'vitest';
import { errorFromBody } from '../../src/renderer/src/api/client.js';
import { downloadUrl, resultFolderPath } from '../../src/renderer/src/features/preview/reveal-path.js';
import { curlCommand } from '../../src/renderer/src/lib/curl.js';
import { formatBytes, formatMediaTime } from '../../src/renderer/src/lib/format.js';
import { hashText } from '../../src/renderer/src/lib/hash.js';
import { cueAt, cuesToVtt, parseSrtCues, plainCueText } from '../../src/renderer/src/lib/srt.js';
import { applyModelEvent } from '../../src/renderer/src/stores/models.js';
import { kindOf } from '../../src/renderer/src/stores/kinds.js';
import { originalMedia, pathOfFileUrl, taskRequest } from '../../src/renderer/src/features/jobs/task-request.js';
import { BUILT_IN_KINDS_META } from '../fixtures/kinds-meta.js';
import { fileUrlOfPath } from '../../src/renderer/src/stores/staging.js';

describe('subtitles', () => {
  const srt =
    '\uFEFF1\r\n00:00:00,500 --> 00:00:02,600\r\n<v Anna>Guten Morgen.\r\n\r\n2\r\n00:00:03,400 --> 00:00:05,600\r\nDanke,\r\nschön.\r\n';
  it('reads SRT with CRLF and a BOM, and finds the cue at a time', () => {
    const cues = parseSrtCues(srt);
    expect(cues).toEqual([
      { index: 1, startSec: 0.5, endSec: 2.6, text: '<v Anna>Guten Morgen.' },
      { index: 2, startSec: 3.4, endSec: 5.6, text: 'Danke,\nschön.' },
    ]);
    expect(cueAt(cues, 1)?.index).toBe(1);
    expect(cueAt(cues, 3)).toBeUndefined();
    expect(plainCueText(cues[0].text)).toEqual({ speaker: 'Anna', text: 'Guten Morgen.' });
  });

  it('writes WebVTT with dots in times, keeping speaker tags', () => {
    expect(cuesToVtt(parseSrtCues(srt))).toBe(
      'WEBVTT\n\n00:00:00.500 --> 00:00:02.600\n<v Anna>Guten Morgen.\n\n00:00:03.400 --> 00:00:05.600\nDanke,\nschön.\n',
    );
  });
});

describe('copy as API request', () => {
  it('writes a curl with the key as a variable and single quotes escaped', () => {
    const curl = curlCommand('http://127.0.0.1:7860', {
      method: 'POST',
      path: '/v1/media/translate',
      body: { user_prompt: "it's" },
    });
    expect(curl).toBe(
      [
        `curl -X POST 'http://127.0.0.1:7860/v1/media/translate' \\`,
        `  -H "Authorization: Bearer $DUBDESK_API_KEY" \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  -d '{\n  "user_prompt": "it'\\''s"\n}'`,
      ].join('\n'),
    );
  });
});

describe('result files', () => {
  it('finds the folder of a result in the data folder, on POSIX and Windows', () => {
    expect(resultFolderPath('/home/me/.dubdesk', 'http://127.0.0.1:7860/v1/files/abc_1?token=t')).toBe(
      '/home/me/.dubdesk/files/abc_1',
    );
    expect(resultFolderPath('C:\\Users\\me\\DubDesk\\', 'http://127.0.0.1:7860/v1/files/abc?token=t')).toBe(
      'C:\\Users\\me\\DubDesk\\files\\abc',
    );
    expect(resultFolderPath('/d', 'not a url')).toBeUndefined();
    expect(downloadUrl('http://h/v1/files/a?token=t')).toBe('http://h/v1/files/a?token=t&download=1');
  });

  it('makes file URLs of local paths', () => {
    expect(fileUrlOfPath('/home/me/My Talk #1.mp4')).toBe('file:///home/me/My%20Talk%20%231.mp4');
    expect(fileUrlOfPath('C:\\Videos\\talk.mp4')).toBe('file:///C:/Videos/talk.mp4');
  });
});

describe("a task's request and original", () => {
  const upload = 'http://127.0.0.1:7860/v1/files/f1?token=abc';
  it('copies the request the service accepted, on the route of its kind', () => {
    const body = {
      media_type: 'video',
      media_url: upload,
      target_language: 'de',
      export_type: 'auto',
      source_language: 'auto',
    };
    expect(taskRequest({ kind: 'translate', request: body }, BUILT_IN_KINDS_META)).toEqual({
      method: 'POST',
      path: '/v1/media/translate',
      body,
    });
    expect(taskRequest({ kind: 'lipsync', request: { model: 'standard_v1' } }, BUILT_IN_KINDS_META)?.path).toBe(
      '/v1/video_generation',
    );
    expect(taskRequest({ kind: 'translate' }, BUILT_IN_KINDS_META)).toBeUndefined();
    expect(taskRequest({ kind: 'translate', request: body }, [])).toBeUndefined();
  });

  it('finds the original from the request: uploads play, file:// inputs cannot, and say where they are', () => {
    expect(originalMedia(kindOf(BUILT_IN_KINDS_META, 'translate'), { media_type: 'video', media_url: upload })).toEqual(
      { field: 'media_url', url: upload, kind: 'video', playable: true },
    );
    expect(
      originalMedia(kindOf(BUILT_IN_KINDS_META, 'translate'), { media_type: 'audio', media_url: upload })?.kind,
    ).toBe('audio');
    expect(
      originalMedia(kindOf(BUILT_IN_KINDS_META, 'lipsync'), {
        reference_file_type: 'image',
        reference_file_url: upload,
      }),
    ).toMatchObject({ field: 'reference_file_url', kind: 'image', playable: true });
    expect(
      originalMedia(kindOf(BUILT_IN_KINDS_META, 'frame_translate'), { video_url: 'file:///home/me/My%20Talk.mp4' }),
    ).toEqual({
      field: 'video_url',
      url: 'file:///home/me/My%20Talk.mp4',
      kind: 'video',
      playable: false,
      localPath: '/home/me/My Talk.mp4',
    });
    expect(originalMedia(kindOf(BUILT_IN_KINDS_META, 'translate'), undefined)).toBeUndefined();
    expect(originalMedia(kindOf(BUILT_IN_KINDS_META, 'translate'), { media_type: 'video' })).toBeUndefined();
  });

  it('turns file URLs back into paths on POSIX and Windows', () => {
    expect(pathOfFileUrl('file:///C:/Videos/a%20b.mp4')).toBe('C:/Videos/a b.mp4');
    expect(pathOfFileUrl('file:///srv/x.mp4')).toBe('/srv/x.mp4');
    expect(pathOfFileUrl('https://example.com/x.mp4')).toBeUndefined();
    expect(pathOfFileUrl('not a url')).toBeUndefined();
  });
});

describe('model install events', () => {
  it('apply progress to the matching model and flip installed at the end', () => {
    const models = [
      { id: 'whisper-base', installed: false },
      { id: 'other', installed: false },
    ] as never[];
    const downloading = applyModelEvent(models, {
      id: 'whisper-base',
      state: 'downloading',
      received_bytes: 10,
      total_bytes: 100,
    });
    expect(downloading[0]).toMatchObject({ installed: false, install: { state: 'downloading', received_bytes: 10 } });
    expect(
      applyModelEvent(downloading, { id: 'whisper-base', state: 'installed', received_bytes: 100 })[0],
    ).toMatchObject({ installed: true });
    expect(downloading[1]).toBe(models[1]);
  });
});

describe('small helpers', () => {
  it('formats sizes and media times', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatMediaTime(75.5)).toBe('1:15.5');
  });

  it('hashes stably and differently for different texts', () => {
    expect(hashText('{"a":1}')).toBe(hashText('{"a":1}'));
    expect(hashText('{"a":1}')).not.toBe(hashText('{"a":2}'));
    expect(hashText('x')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('parses the catalogue error body, and anything else into a generic error', () => {
    expect(
      errorFromBody(400, 'Bad Request', '{"code":"invalid_subtitle","message":"Cue 2 overlaps cue 1.","serverTs":"x"}'),
    ).toMatchObject({ code: 'invalid_subtitle', message: 'Cue 2 overlaps cue 1.', status: 400 });
    expect(errorFromBody(502, 'Bad Gateway', '<html>')).toMatchObject({
      code: 'internal',
      message: 'The service answered 502 Bad Gateway.',
    });
  });
});
