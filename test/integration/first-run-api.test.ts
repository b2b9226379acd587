// What a first-time user meets over HTTP: the OpenAPI document where tools look, what can run now, and a task
// list that tells jobs on the same file apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, TEST_API_KEY, type TestService } from '../fixtures/service.js';

// Nothing listens on port 9 (discard): the jobs fail at their first stage, which is all a list needs.
const NOWHERE = 'http://127.0.0.1:9';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
}, 60_000);
afterAll(async () => {
  await service?.stop();
});

describe('GET /openapi.json', () => {
  it('serves the same document as /v1/openapi.json under the same auth (bearer or ?key=)', async () => {
    expect((await fetch(`${service.url}/openapi.json`)).status).toBe(401);
    const canonical = await service.api('/v1/openapi.json');
    const root = await service.api('/openapi.json');
    expect(root.status).toBe(200);
    expect(root.body.openapi).toMatch(/^3\.1/);
    expect(root.body).toEqual(canonical.body);
    expect((await fetch(`${service.url}/openapi.json?key=${TEST_API_KEY}`)).status).toBe(200);
  });
});

describe('GET /v1/capabilities', () => {
  it('with the Debian engines (PocketSphinx, Apertium, which CI installs) transcribe and translate can run, as drafts', async () => {
    const { body } = await service.api('/v1/capabilities');
    expect(body.capabilities).toMatchObject({ transcribe: true, translate: true, speak: true });
    expect(body.missing.transcribe).toBeUndefined();
    expect(body.missing.translate).toBeUndefined();
  });

  it('without any recognizer or translator names the models to install; precision lip-sync needs none (built in)', async () => {
    const bare = await startTestService({ service: { engines: { speechRecognizers: [], translators: [] } } });
    try {
      const before = await bare.api('/v1/capabilities');
      expect(before.status).toBe(200);
      expect(before.body.capabilities).toEqual({
        transcribe: false,
        translate: false,
        speak: true,
        precision_lipsync: true,
      });
      expect(before.body.missing.transcribe.models).toContain('whisper-base');
      expect(before.body.missing.transcribe.message).toMatch(
        /^Install Whisper base .* on the Models page \(or `dubdesk models install whisper-base`\)\.$/,
      );
      expect(before.body.missing.translate.models).toContain('bergamot-en-es');
      expect(before.body.missing.precision_lipsync).toBeUndefined();
      expect(before.body.missing.speak).toBeUndefined();
    } finally {
      await bare.stop();
    }
  });
});

describe('GET /v1/tasks list items', () => {
  it('carry every input by name and the target language, so 3 jobs on talk30.mp4 differ', async () => {
    const lipsync = await service.api('/v1/video_generation', {
      body: {
        reference_file_url: `${NOWHERE}/talk30.mp4`,
        audio_url: `${NOWHERE}/voice-de.wav`,
        model: 'standard_v1',
        reference_file_type: 'video',
      },
    });
    const german = await service.api('/v1/media/translate', {
      body: {
        media_type: 'video',
        media_url: `${NOWHERE}/talk30.mp4`,
        target_language: 'de',
        subtitle_url: `${NOWHERE}/talk30.de.srt`,
        subtitle_usage_type: 'final_translated',
        export_type: 'video',
      },
    });
    const french = await service.api('/v1/media/translate', {
      body: {
        media_type: 'video',
        media_url: `${NOWHERE}/talk30.mp4`,
        target_language: 'fr',
        subtitle_url: `${NOWHERE}/talk30.fr.srt`,
        subtitle_usage_type: 'final_translated',
        export_type: 'video',
      },
    });
    for (const created of [lipsync, german, french]) expect(created.status).toBe(200);

    const { body } = await service.api('/v1/tasks');
    const byId = new Map(body.tasks.map((task: { task_id: string }) => [task.task_id, task]));
    expect(byId.get(lipsync.body.task_id)).toMatchObject({
      kind: 'lipsync',
      inputs: [
        { field: 'reference_file_url', name: 'talk30.mp4' },
        { field: 'audio_url', name: 'voice-de.wav' },
      ],
    });
    expect(byId.get(lipsync.body.task_id)).not.toHaveProperty('target_language');
    expect(byId.get(german.body.task_id)).toMatchObject({
      kind: 'translate',
      target_language: 'de',
      inputs: [
        { field: 'media_url', name: 'talk30.mp4' },
        { field: 'subtitle_url', name: 'talk30.de.srt' },
      ],
    });
    expect(byId.get(french.body.task_id)).toMatchObject({ kind: 'translate', target_language: 'fr' });
    // The single task route carries the same details.
    expect((await service.api(`/v1/tasks/${german.body.task_id}`)).body).toMatchObject({
      target_language: 'de',
      inputs: [{ name: 'talk30.mp4' }, { name: 'talk30.de.srt' }],
    });
  });
});
