// POST /v1/media/translate/plan over real HTTP on loopback: which engine each step of a translate request would use,
// from the engines this machine has (PocketSphinx and Apertium are Debian packages, docs/models.md), without
// fetching anything; a step no engine can run names the model to install.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../fixtures/service.js';
import { resolveSchema } from '../fixtures/openapi-refs.js';

interface Step {
  step: string;
  label: string;
  engine?: { id: string; title: string; quality: string; expectation?: string };
  better_model?: { id: string; title: string };
  skipped?: string;
  missing?: { code: string; message: string; model_ids: string[] };
}

let svc: TestService;

beforeAll(async () => {
  svc = await startTestService();
});

afterAll(async () => {
  await svc?.stop();
});

async function plan(body: Record<string, unknown>, key?: string): Promise<Step[]> {
  const response = await svc.api('/v1/media/translate/plan', {
    body: { media_type: 'video', export_type: 'auto', ...body },
    headers: key ? { authorization: `Bearer ${key}` } : {},
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.steps as Step[];
}

const byName = (steps: Step[]) => Object.fromEntries(steps.map((step) => [step.step, step]));

describe('POST /v1/media/translate/plan', () => {
  it('without subtitles and with no recognizer for the language, transcribing is missing and names the model to install', async () => {
    const steps = byName(await plan({ source_language: 'fr', target_language: 'es' }));
    const missing = steps.transcribe.missing!;
    expect(missing.code).toBe('model_not_installed');
    expect(missing.model_ids).toHaveLength(1);
    const [modelId] = missing.model_ids;
    // The id is a speech-recognition model of the catalogue, and the message says how to install it.
    expect((await svc.api(`/v1/models/${modelId}`)).body).toMatchObject({ id: modelId, task: 'asr', installed: false });
    expect(missing.message).toContain(`dubdesk models install ${modelId}`);
    expect(missing.message).toMatch(/^Transcribing French speech needs a speech-recognition model\./);
    expect(steps.transcribe.engine).toBeUndefined();
    expect(steps['identify-language'].skipped).toBe('source_language is French');
  });

  it('with subtitles that are the final translation, transcribing and translating are skipped; the media need not exist', async () => {
    const steps = await plan({
      subtitle_url: 'file:///nowhere/lines.srt',
      subtitle_usage_type: 'final_translated',
      target_language: 'de',
    });
    expect(steps.map((step) => step.step)).toEqual([
      'detect-speech',
      'identify-language',
      'transcribe',
      'diarize',
      'translate',
      'separate',
      'speak',
    ]);
    const named = byName(steps);
    expect(named.transcribe).toMatchObject({
      label: 'Transcribing',
      skipped: 'the lines come from the given subtitles',
    });
    expect(named.translate).toMatchObject({ label: 'Translating', skipped: 'the subtitles are the final translation' });
    expect(named.transcribe.missing).toBeUndefined();
    // The built-in eSpeak NG voices the German lines, and says it is a draft voice.
    expect(named.speak.engine).toMatchObject({ title: 'eSpeak NG (built in)', quality: 'draft' });
  });

  it('names the draft engines a request runs on a machine without models (PocketSphinx, Apertium)', async () => {
    const steps = byName(await plan({ source_language: 'en', target_language: 'es' }));
    expect(steps.transcribe.engine).toMatchObject({ title: 'PocketSphinx (English, draft)', quality: 'draft' });
    expect(steps.translate.engine).toMatchObject({ title: 'Apertium (draft)', quality: 'draft' });
  });

  it('says in words how good the drafts are on real media, and names the model that would do better', async () => {
    const steps = byName(await plan({ source_language: 'en', target_language: 'es' }));
    expect(steps.transcribe.engine!.expectation).toMatch(/many words wrong on real recordings/);
    expect(steps.transcribe.better_model).toEqual({ id: 'whisper-base', title: expect.stringContaining('Whisper') });
    expect(steps.translate.engine!.expectation).toMatch(/proofread the translation/);
    expect(steps.translate.better_model?.id).toBe('bergamot-en-es');
    // A step a standard engine runs has nothing to add.
    expect(steps['detect-speech'].engine!.expectation).toBeUndefined();
    expect(steps['detect-speech'].better_model).toBeUndefined();
  });

  it('is open to jobs keys, checks fields as the create request does, and is in the OpenAPI document', async () => {
    const created = await svc.api('/v1/keys', { body: { name: 'plans', role: 'jobs' } });
    expect(created.status).toBe(200);
    expect(
      byName(await plan({ source_language: 'en', target_language: 'es' }, created.body.key)).transcribe.engine?.quality,
    ).toBe('draft');

    const typo = await svc.api('/v1/media/translate/plan', {
      body: { media_type: 'video', export_type: 'auto', target_language: 'es', subtitle_mod: 'add' },
    });
    expect(typo.status).toBe(400);
    expect(typo.body).toMatchObject({ code: 'invalid_request', message: "Unknown field 'subtitle_mod' in body." });

    const document = (await svc.api('/v1/openapi.json')).body;
    const operation = document.paths['/v1/media/translate/plan'].post;
    const request = resolveSchema(document, operation.requestBody.content['application/json'].schema);
    expect(request.properties).toHaveProperty('subtitle_usage_type');
    expect(request.required).not.toContain('media_url');
    const answer = resolveSchema(document, operation.responses['200'].content['application/json'].schema);
    expect(resolveSchema(document, answer.properties.steps.items).properties.missing.properties).toHaveProperty(
      'model_ids',
    );
  });
});

describe('POST /v1/media/translate/plan: model ids on every missing step', () => {
  it('identify-language (source auto, only fixed-language recognizers) names the speech-recognition model to install', async () => {
    const steps = byName(await plan({ target_language: 'es' }));
    const missing = steps['identify-language'].missing!;
    expect(missing.code).toBe('model_not_installed');
    // The rebuilt message (PocketSphinx cannot tell the language) keeps the model the Install button installs.
    expect(missing.message).toContain('Or give source_language en');
    expect(missing.model_ids).toHaveLength(1);
    expect((await svc.api(`/v1/models/${missing.model_ids[0]}`)).body).toMatchObject({ task: 'asr', installed: false });
    expect(missing.message).toContain(`dubdesk models install ${missing.model_ids[0]}`);
  });

  it('translate (source auto, nothing translates into the target) names the translation model to install', async () => {
    const steps = byName(await plan({ subtitle_url: 'file:///nowhere/lines.srt', target_language: 'ja' }));
    const missing = steps.translate.missing!;
    expect(missing.message).toMatch(
      /^Translating into Japanese needs a translation model, and none installed translates into it\. For English speech:/,
    );
    expect(missing.model_ids).toHaveLength(1);
    expect((await svc.api(`/v1/models/${missing.model_ids[0]}`)).body).toMatchObject({ task: 'mt', installed: false });
    expect(missing.message).toContain(`dubdesk models install ${missing.model_ids[0]}`);
  });

  it('speak with voice_model real and no cloning voice names ZipVoice', async () => {
    const steps = byName(await plan({ source_language: 'en', target_language: 'en', voice_model: 'real' }));
    expect(steps.speak.missing).toMatchObject({ code: 'model_not_installed', model_ids: ['zipvoice-distill-zh-en'] });
    expect(steps.speak.missing!.message).toContain('dubdesk models install zipvoice-distill-zh-en');
    // A language the cloning model does not speak has nothing to install.
    const german = byName(await plan({ source_language: 'en', target_language: 'de', voice_model: 'real' }));
    expect(german.speak.missing).toMatchObject({ code: 'model_not_installed', model_ids: [] });
    expect(
      byName(await plan({ source_language: 'en', target_language: 'en', voice_model: 'native' })).speak.missing,
    ).toBeUndefined();
  });
});
