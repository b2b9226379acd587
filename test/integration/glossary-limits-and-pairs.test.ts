// The glossary rules a create call answers, over HTTP and through the core's submit (the CLI's way in): at most 3
// glossary_ids (a limit the OpenAPI document states as maxItems, answered too_many_glossaries, not invalid_request),
// and each glossary of the job's language pair: one of another pair is invalid_request naming it and both pairs.
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { makeMediaDir, makeVideo } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';

let svc: TestService;
let media: Awaited<ReturnType<typeof makeMediaDir>>;
let video: string;

async function glossary(name: string, source: string, target: string): Promise<string> {
  const made = await svc.api('/v1/glossaries', {
    body: { name, source_language: source, target_language: target, entries: [{ source: 'house', target: 'x' }] },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.glossary_id as string;
}

const translateBody = (extra: Record<string, unknown>) => ({
  media_type: 'video',
  media_url: pathToFileURL(video).href,
  export_type: 'video',
  ...extra,
});
const frameBody = (extra: Record<string, unknown>) => ({ video_url: pathToFileURL(video).href, ...extra });

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-glossary-rules-');
  video = await makeVideo(media.dir, { durationSec: 1, name: 'clip.mp4' });
  svc = await startTestService();
}, 60_000);

afterAll(async () => {
  await svc?.stop();
  await media?.cleanup();
});

describe('at most 3 glossaries', () => {
  it('answers too_many_glossaries for 4 glossary_ids on both kinds, over HTTP and through submit', async () => {
    const ids = ['g1', 'g2', 'g3', 'g4'];
    for (const [route, body] of [
      ['/v1/media/translate', translateBody({ source_language: 'en', target_language: 'es', glossary_ids: ids })],
      ['/v1/media/frame_translate', frameBody({ source_language: 'en', target_language: 'es', glossary_ids: ids })],
    ] as const) {
      const answer = await svc.api(route, { body });
      expect(answer.status, route).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'too_many_glossaries',
        message: 'glossary_ids has 4 entries; at most 3 glossaries can be applied.',
      });
    }
    const refused = await svc.service.core
      .submit('translate', translateBody({ target_language: 'es', glossary_ids: ids }))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DubDeskError);
    expect(refused).toMatchObject({ code: 'too_many_glossaries' });
  });

  it('states the limit in the OpenAPI document as maxItems 3', async () => {
    const { schemas } = (await svc.api('/v1/openapi.json')).body.components;
    for (const name of ['TranslateRequest', 'FrameTranslateRequest']) {
      expect(schemas[name].properties.glossary_ids, name).toMatchObject({ type: 'array', maxItems: 3 });
    }
  });
});

describe('glossaries of another language pair', () => {
  it('refuses an en -> fr glossary on an en -> de job with invalid_request naming it and both pairs', async () => {
    const id = await glossary('French terms', 'en', 'fr');
    const expected = {
      code: 'invalid_request',
      message:
        `Glossary 'French terms' (${id}) is for en -> fr, but this job translates en -> de: ` +
        "choose glossaries of the job's language pair.",
    };
    const translate = await svc.api('/v1/media/translate', {
      body: translateBody({ source_language: 'en', target_language: 'de', glossary_ids: [id] }),
    });
    expect(translate.status).toBe(400);
    expect(translate.body).toMatchObject(expected);
    const frame = await svc.api('/v1/media/frame_translate', {
      body: frameBody({ source_language: 'en', target_language: 'de', glossary_ids: [id] }),
    });
    expect(frame.status).toBe(400);
    expect(frame.body).toMatchObject(expected);
  });

  it('with source_language auto, refuses at once a glossary whose target is not the job’s', async () => {
    const id = await glossary('French terms again', 'en', 'fr');
    const answer = await svc.api('/v1/media/translate', {
      body: translateBody({ source_language: 'auto', target_language: 'de', glossary_ids: [id] }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'invalid_request',
      message:
        `Glossary 'French terms again' (${id}) is for en -> fr, but this job translates auto -> de: ` +
        "choose glossaries of the job's language pair.",
    });
  });

  it('takes a glossary whose codes name the same languages in another form (en-US, spa)', async () => {
    const id = await glossary('Regional', 'en-US', 'spa');
    const answer = await svc.api('/v1/media/frame_translate', {
      body: frameBody({ source_language: 'en', target_language: 'es-MX', glossary_ids: [id] }),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await svc.waitForTask(answer.body.task_id, undefined, 120_000);
  });
});
