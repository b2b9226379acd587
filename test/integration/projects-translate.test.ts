// Editable translate projects over the HTTP API: a proofreading job ends with a project and no media; a line is
// edited, fitted and heard; the export speaks only what changed; split, merge, subtitles, conflicts, restarts, delete.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEspeakEngine } from '../../src/main/engines/tts/espeak-engine.js';
import { DubDeskError } from '../../src/shared/errors.js';
import type { SynthesisRequest, TtsEngine } from '../../src/main/engines/tts/types.js';
import { decodeAudioPcm } from '../../src/main/media/audio.js';
import { rms } from '../../src/main/media/dsp/envelope.js';
import { formatSrtTime } from '../../src/main/media/srt.js';
import { makeMediaDir, makeTextFile } from '../fixtures/media.js';
import { openLineEvents, type LineEvents } from '../fixtures/line-events.js';
import { makeDataDir, startTestService, TEST_API_KEY, type TestService } from '../fixtures/service.js';
import { makeSpokenVideo, type SpokenCue } from '../fixtures/speech.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';
import { findApertium } from '../../src/main/engines/mt/apertium.js';

const CUES: SpokenCue[] = [
  { startMs: 500, endMs: 2600, text: 'Good morning and welcome to the show.', speaker: 'Anna', voice: 'espeak:en+f2' },
  { startMs: 3400, endMs: 5600, text: 'Thank you, it is great to be here.', speaker: 'Ben', voice: 'espeak:en+m3' },
  { startMs: 6400, endMs: 8600, text: 'Let us talk about the weather today.', speaker: 'Anna', voice: 'espeak:en+f2' },
];
const GERMAN = ['Guten Morgen und willkommen.', 'Danke, schön hier zu sein.', 'Reden wir über das Wetter.'];
const EDITED = 'Vielen Dank, ich freue mich sehr.';
const UNSPEAKABLE = 'Unsprechbar';

/** eSpeak as the service builds it, noting what it is asked to say (a service's close disposes it: one per start). */
function countingEspeak(said: string[]): TtsEngine {
  const espeak = createEspeakEngine();
  return {
    id: espeak.id,
    voices: () => espeak.voices(),
    synthesize: (request: SynthesisRequest) => {
      said.push(request.text);
      // A voice that fails on one text: what a broken voice model does to a line.
      if (request.text.includes(UNSPEAKABLE))
        return Promise.reject(new DubDeskError('engine_failed', 'The test voice could not speak this line.'));
      return espeak.synthesize(request);
    },
    dispose: () => espeak.dispose?.() ?? Promise.resolve(),
  };
}

let media: { dir: string; cleanup: () => Promise<void> };
let dataDir: string;
let svc: TestService;
const tts = { said: [] as string[] };
let video: string;
let subtitles: string;

const start = async () => startTestService({ dataDir, service: { engines: { voices: [countingEspeak(tts.said)] } } });

async function download(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function finish(taskId: string): Promise<any> {
  const task = await svc.waitForTask(taskId, undefined, 180_000);
  if (task.status !== 'done') {
    const log = (await svc.api(`/v1/tasks/${taskId}/log?limit=500`)).body.lines
      .map((line: any) => line.message)
      .join('\n');
    expect.fail(`task ${taskId} ended ${task.status} ${task.err_code}: ${task.err_message}\n${log}`);
  }
  return (await svc.api(`/v1/media/translate/${taskId}`)).body;
}

async function project(id: string): Promise<any> {
  const answer = await svc.api(`/v1/projects/${id}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** The dub's loudness over a span of the exported audio (16 kHz mono). */
async function loudness(audio: Buffer, name: string, fromMs: number, toMs: number): Promise<number> {
  const file = path.join(media.dir, name);
  await fs.writeFile(file, audio);
  const samples = await decodeAudioPcm(file, { sampleRate: 16_000 });
  return rms(samples, Math.round(fromMs * 16), Math.round(toMs * 16));
}

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-projects-');
  dataDir = await makeDataDir();
  svc = await start();
  video = (await makeSpokenVideo(media.dir, { cues: CUES, width: 320, height: 180, fps: 25, name: 'talk' })).videoPath;
  const srt = CUES.map(
    (cue, i) =>
      `${i + 1}\n${formatSrtTime(cue.startMs)} --> ${formatSrtTime(cue.endMs)}\n<v ${cue.speaker}>${GERMAN[i]}\n`,
  ).join('\n');
  subtitles = await makeTextFile(media.dir, 'talk.de.srt', srt);
}, 60_000);

afterAll(async () => {
  await svc?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
  await media?.cleanup();
});

describe('a proofreading translate job', () => {
  let taskId: string;
  let projectId: string;
  let firstExport: any;
  let lineEvents: LineEvents;
  afterAll(() => lineEvents?.close());

  beforeAll(async () => {
    const created = await svc.api('/v1/media/translate', {
      body: {
        media_type: 'video',
        media_url: pathToFileURL(video).href,
        subtitle_url: pathToFileURL(subtitles).href,
        subtitle_usage_type: 'final_translated',
        source_language: 'en',
        target_language: 'de',
        export_type: 'all',
        enable_proofreading: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    taskId = created.body.task_id;
  }, 60_000);

  it('ends done with only a project_url: no media, no voice spoken', async () => {
    const status = await finish(taskId);
    expect(Object.keys(status.result)).toEqual(['project_url']);
    expect(status.result.project_url).toMatch(new RegExp(`^${svc.url}/#/projects/[\\w-]+$`));
    projectId = status.result.project_url.split('/').pop();
    lineEvents = await openLineEvents(svc.url, TEST_API_KEY, projectId);
    expect(tts.said).toEqual([]);
    const listed = await svc.api(`/v1/projects?task_id=${taskId}`);
    expect(listed.body.projects.map((item: any) => item.project_id)).toEqual([projectId]);
  }, 200_000);

  it('holds the lines with their times, speakers and texts', async () => {
    const body = await project(projectId);
    expect(body).toMatchObject({ kind: 'translate', task_id: taskId, target_language: 'de', segment_count: 3 });
    expect(
      body.segments.map((segment: any) => [
        segment.start,
        segment.end,
        segment.speaker,
        segment.target_text,
        segment.status,
      ]),
    ).toEqual(CUES.map((cue, i) => [cue.startMs / 1000, cue.endMs / 1000, cue.speaker, GERMAN[i], 'ok']));
    expect(body.speakers.map((speaker: any) => speaker.speaker)).toEqual(['Anna', 'Ben']);
    const played = await fetch(body.media_url, { headers: { range: 'bytes=0-99' } });
    expect(played.status).toBe(206);
  });

  it('exports a dub of the proofread lines (the first export speaks them all)', async () => {
    const before = tts.said.length;
    const exported = await svc.api(`/v1/projects/${projectId}/export`, { body: {} });
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    firstExport = await finish(exported.body.task_id);
    expect(firstExport.result.video_url).toBeTruthy();
    const srt = (await download(firstExport.result.subtitle_url)).toString('utf8');
    for (const line of GERMAN) expect(srt).toContain(line);
    expect(tts.said.length - before).toBeGreaterThanOrEqual(3);
    expect((await project(projectId)).export_task_ids).toEqual([exported.body.task_id]);
    // The local task record says where an export came from; the job that made the project has no such field.
    expect((await svc.api(`/v1/tasks/${exported.body.task_id}`)).body.exported_from_project).toBe(projectId);
    expect((await svc.api(`/v1/tasks/${taskId}`)).body.exported_from_project).toBeUndefined();
  }, 200_000);

  it('refits an edited line off the request path, refuses a stale revision with 409, and re-exports speaking only that line', async () => {
    const segment = (await project(projectId)).segments[1];
    const edited = await svc.api(`/v1/projects/${projectId}/segments/${segment.segment_id}`, {
      method: 'PATCH',
      body: { revision: segment.revision, target_text: EDITED },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.target_text).toBe(EDITED);
    expect(edited.body.revision).toBeGreaterThan(segment.revision);
    // Answered when the line is queued: the fit comes with its event, and the line keeps the revision the edit gave it.
    expect(edited.body).toMatchObject({ status: 'edited', fit: null, speech_id: expect.any(String) });
    const fitted = await lineEvents.waitFor(edited.body.speech_id);
    expect(fitted).toMatchObject({
      project_id: projectId,
      segment_id: segment.segment_id,
      purpose: 'fit',
      status: 'spoken',
    });
    expect(fitted.segment.revision).toBe(edited.body.revision);
    expect(['edited', 'too_long']).toContain(fitted.segment.status);
    expect(fitted.segment.fit.speech_seconds).toBeGreaterThan(0.5);
    expect(fitted.segment.fit.room_seconds).toBeCloseTo((CUES[2]!.startMs - CUES[1]!.startMs) / 1000, 0);
    expect((await project(projectId)).segments[1].fit).toEqual(fitted.segment.fit);

    const stale = await svc.api(`/v1/projects/${projectId}/segments/${segment.segment_id}`, {
      method: 'PATCH',
      body: { revision: segment.revision, target_text: 'Alt' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('conflict');

    const before = tts.said.length;
    const exported = await svc.api(`/v1/projects/${projectId}/export`, { body: { export_type: 'audio' } });
    const second = await finish(exported.body.task_id);
    // The unchanged lines' audio is reused: at most the edited line is spoken (again only when it needed a faster take).
    expect(tts.said.slice(before).every((text) => text === EDITED)).toBe(true);
    const srt = (await download(second.result.subtitle_url)).toString('utf8');
    expect(srt).toContain(EDITED);
    expect(srt).not.toContain(GERMAN[1]);
    expect(second.result.video_url).toBeUndefined();
    // The edited line's span sounds different; the others are the same dub.
    const [oldAudio, newAudio] = await Promise.all([
      download(firstExport.result.audio_url),
      download(second.result.audio_url),
    ]);
    const span = (audio: Buffer, name: string, cue: SpokenCue) => loudness(audio, name, cue.startMs, cue.endMs);
    expect(await span(newAudio, 'new.m4a', CUES[1]!)).toBeGreaterThan(0.01);
    expect(
      Math.abs((await span(newAudio, 'new.m4a', CUES[0]!)) - (await span(oldAudio, 'old.m4a', CUES[0]!))),
    ).toBeLessThan(0.01);
    const log = (await svc.api(`/v1/tasks/${exported.body.task_id}/log?limit=500`)).body.lines
      .map((line: any) => line.message)
      .join('\n');
    expect(log).toMatch(/stage prepare-media already finished/);
    expect(log).toMatch(/[01] clips synthesized; the project's saved audio served the rest of 3 lines/);
    // The loudness gain of the last export is kept, so the lines the edit did not touch are the same samples.
    expect(log).toContain("(the last export's gain, kept)");
    expect(log).toMatch(/audio encoded in 1 chunks of about 20 s/);
  }, 200_000);

  it('keeps an edit whose voice fails: the fit stays unknown, and regenerating the line says why', async () => {
    const segment = (await project(projectId)).segments[2];
    const edited = await svc.api(`/v1/projects/${projectId}/segments/${segment.segment_id}`, {
      method: 'PATCH',
      body: { revision: segment.revision, target_text: `${UNSPEAKABLE} Satz.` },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ target_text: `${UNSPEAKABLE} Satz.`, status: 'edited', fit: null });
    expect(await lineEvents.waitFor(edited.body.speech_id)).toMatchObject({
      status: 'failed',
      error: { code: 'engine_failed' },
    });
    expect((await project(projectId)).segments[2]).toMatchObject({
      target_text: `${UNSPEAKABLE} Satz.`,
      status: 'edited',
      fit: null,
    });
    const spoken = await svc.api(`/v1/projects/${projectId}/segments/${segment.segment_id}/synthesize`, { body: {} });
    expect(spoken.status, JSON.stringify(spoken.body)).toBe(202);
    expect(await lineEvents.waitFor(spoken.body.speech_id)).toMatchObject({
      purpose: 'preview',
      status: 'failed',
      error: { code: 'engine_failed', message: 'The test voice could not speak this line.' },
    });
    const restored = await svc.api(`/v1/projects/${projectId}/segments/${segment.segment_id}`, {
      method: 'PATCH',
      body: { revision: edited.body.revision, target_text: segment.target_text },
    });
    expect(restored.status).toBe(200);
    expect((await lineEvents.waitFor(restored.body.speech_id)).status).toBe('spoken');
  });

  it('regenerates one line: its voice alone and over the original play as WAV', async () => {
    const segment = (await project(projectId)).segments[0];
    const answer = await svc.api(`/v1/projects/${projectId}/segments/${segment.segment_id}/synthesize`, { body: {} });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect(answer.body).toMatchObject({ speech_id: expect.any(String), segment: { segment_id: segment.segment_id } });
    const spoken = await lineEvents.waitFor(answer.body.speech_id);
    expect(spoken).toMatchObject({ purpose: 'preview', status: 'spoken' });
    expect(['regenerated', 'too_long']).toContain(spoken.segment.status);
    expect((await project(projectId)).segments[0].status).toBe(spoken.segment.status);
    for (const url of [spoken.audio_url, spoken.with_original_url]) {
      const wav = await download(url);
      expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(wav.length).toBeGreaterThan(10_000);
    }
  }, 60_000);

  it("gives all of a speaker's lines one voice, which the export speaks them with", async () => {
    const changed = await svc.api(`/v1/projects/${projectId}/speakers/voice`, {
      body: { speaker: 'Ben', voice_id: 'espeak:de+m3' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.segments.map((segment: any) => segment.speaker)).toEqual(['Ben']);
    const body = await project(projectId);
    expect(body.speakers).toContainEqual({ speaker: 'Ben', voice_id: 'espeak:de+m3' });
    const unknown = await svc.api(`/v1/projects/${projectId}/speakers/voice`, {
      body: { speaker: 'Ben', voice_id: 'no-such-voice' },
    });
    expect(unknown.status).toBe(404);
    const before = tts.said.length;
    const exported = await svc.api(`/v1/projects/${projectId}/export`, { body: { export_type: 'audio' } });
    await finish(exported.body.task_id);
    // Only Ben's line is spoken again (in his new voice); Anna's lines come from the saved audio.
    expect(tts.said.slice(before)).toEqual(expect.arrayContaining([EDITED]));
    expect(tts.said.slice(before).every((text) => text === EDITED)).toBe(true);
    const log = (await svc.api(`/v1/tasks/${exported.body.task_id}/log?limit=500`)).body.lines
      .map((line: any) => line.message)
      .join('\n');
    expect(log).toContain('Ben: espeak:de+m3');
  }, 200_000);

  it('splits a line at a time and merges it back', async () => {
    const segment = (await project(projectId)).segments[2];
    const at = (segment.start + segment.end) / 2;
    const split = await svc.api(`/v1/projects/${projectId}/segments/${segment.segment_id}/split`, {
      body: { at, revision: segment.revision },
    });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    const [first, second] = split.body.segments;
    expect([first.start, first.end, second.start, second.end]).toEqual([segment.start, at, at, segment.end]);
    expect(`${first.target_text} ${second.target_text}`).toBe(segment.target_text);
    expect((await project(projectId)).segment_count).toBe(4);

    const merged = await svc.api(`/v1/projects/${projectId}/segments/merge`, {
      body: { segment_ids: [second.segment_id, first.segment_id] },
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.segments[0]).toMatchObject({
      start: segment.start,
      end: segment.end,
      target_text: segment.target_text,
      speaker: 'Anna',
    });
    // The halves are gone: an edit on one of them is stale.
    const gone = await svc.api(`/v1/projects/${projectId}/segments/${first.segment_id}`, {
      method: 'PATCH',
      body: { revision: first.revision, target_text: 'x' },
    });
    expect(gone.status).toBe(409);
  });

  it('gives the tracks as SRT and takes a target SRT of the same cue count', async () => {
    const target = await fetch(`${svc.url}/v1/projects/${projectId}/subtitles?track=target`, {
      headers: { authorization: `Bearer ${'dd_test_key_for_integration_tests_only'}` },
    });
    expect(target.headers.get('content-type')).toMatch(/application\/x-subrip/);
    const text = await target.text();
    expect(text).toContain(EDITED);
    const bilingual = (await svc.api(`/v1/projects/${projectId}/subtitles?track=bilingual`)).body as string;
    // The subtitles were the final translation, so the lines' source is that text; the edit shows below it.
    expect(bilingual).toContain(`${GERMAN[1]}\n${EDITED}`);

    const replaced = text.replace(EDITED, 'Ersetzt aus einer Datei.');
    const put = await svc.api(`/v1/projects/${projectId}/subtitles?track=target`, {
      method: 'PUT',
      body: replaced,
      headers: { 'content-type': 'application/x-subrip' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.segments[1].target_text).toBe('Ersetzt aus einer Datei.');
    const short = text.split('\n\n').slice(0, 2).join('\n\n');
    const refused = await svc.api(`/v1/projects/${projectId}/subtitles?track=target`, {
      method: 'PUT',
      body: short,
      headers: { 'content-type': 'text/plain' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid_subtitle');
  });

  it('survives a restart of the service', async () => {
    const before = await project(projectId);
    await svc.stop();
    svc = await start();
    const after = await project(projectId);
    expect(after.revision).toBe(before.revision);
    expect(after.segments).toEqual(before.segments);
  }, 60_000);

  it('goes with its task: the project and its files are removed', async () => {
    const folder = path.join(dataDir, 'projects', projectId);
    await expect(fs.stat(folder)).resolves.toBeTruthy();
    const removed = await svc.api(`/v1/tasks/${taskId}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect((await svc.api(`/v1/projects/${projectId}`)).status).toBe(404);
    await expect(fs.stat(folder)).rejects.toThrow();
  });
});

describe('re-exporting a project whose subtitles are burned in', () => {
  it('encodes again only the picture and audio chunks around the edited line', async () => {
    const cues: SpokenCue[] = [
      { startMs: 500, endMs: 2600, text: 'Good morning and welcome.', speaker: 'Anna', voice: 'espeak:en+f2' },
      {
        startMs: 30_000,
        endMs: 32_500,
        text: 'Let us talk about the weather.',
        speaker: 'Anna',
        voice: 'espeak:en+f2',
      },
    ];
    const long = (
      await makeSpokenVideo(media.dir, { cues, width: 320, height: 180, fps: 25, durationSec: 45, name: 'long' })
    ).videoPath;
    const srt = await makeTextFile(
      media.dir,
      'long.de.srt',
      cues
        .map((cue, i) => `${i + 1}\n${formatSrtTime(cue.startMs)} --> ${formatSrtTime(cue.endMs)}\n${GERMAN[i]}\n`)
        .join('\n'),
    );
    const created = await svc.api('/v1/media/translate', {
      body: {
        media_type: 'video',
        media_url: pathToFileURL(long).href,
        subtitle_url: pathToFileURL(srt).href,
        subtitle_usage_type: 'final_translated',
        source_language: 'en',
        target_language: 'de',
        export_type: 'video',
        subtitle_mode: 'add',
        enable_proofreading: true,
      },
    });
    const projectId = (await finish(created.body.task_id)).result.project_url.split('/').pop();
    const exportLog = async () => {
      const exported = await svc.api(`/v1/projects/${projectId}/export`, { body: {} });
      const status = await finish(exported.body.task_id);
      expect(status.result.video_url).toBeTruthy();
      return (await svc.api(`/v1/tasks/${exported.body.task_id}/log?limit=500`)).body.lines
        .map((line: any) => line.message)
        .join('\n');
    };
    expect(await exportLog()).toContain('picture encoded in 3 chunks of about 20 s, 0 of them reused');
    const segment = (await project(projectId)).segments[1];
    await svc.api(`/v1/projects/${projectId}/segments/${segment.segment_id}`, {
      method: 'PATCH',
      body: { revision: segment.revision, target_text: EDITED },
    });
    const log = await exportLog();
    // The line at 30..32.5 s is in the second 20 s chunk of the picture and of the audio; the rest is reused.
    expect(log).toContain('picture encoded in 3 chunks of about 20 s, 2 of them reused');
    expect(log).toContain('audio encoded in 3 chunks of about 20 s, 2 of them reused');
  }, 300_000);
});

const apertiumEnEs = findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false;

describe.skipIf(systemEngineMissing('Apertium eng-spa', apertiumEnEs))(
  'an editable project of a translated job',
  () => {
    it("translates one line again with the job's engine after its source was corrected", async () => {
      const english = await makeTextFile(
        media.dir,
        'talk.en.srt',
        CUES.map(
          (cue, i) => `${i + 1}\n${formatSrtTime(cue.startMs)} --> ${formatSrtTime(cue.endMs)}\n${cue.text}\n`,
        ).join('\n'),
      );
      const created = await svc.api('/v1/media/translate', {
        body: {
          media_type: 'video',
          media_url: pathToFileURL(video).href,
          subtitle_url: pathToFileURL(english).href,
          source_language: 'en',
          target_language: 'es',
          export_type: 'audio',
          project_mode: 'editable',
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const status = await finish(created.body.task_id);
      // An editable project comes with the job's own results.
      expect(status.result.audio_url).toBeTruthy();
      const projectId = status.result.project_url.split('/').pop();
      const segment = (await project(projectId)).segments[2];
      expect(segment.source_text).toBe(CUES[2]!.text);
      const corrected = await svc.api(`/v1/projects/${projectId}/segments/${segment.segment_id}`, {
        method: 'PATCH',
        body: { revision: segment.revision, source_text: 'The house is big.' },
      });
      expect(corrected.status).toBe(200);
      const translated = await svc.api(`/v1/projects/${projectId}/segments/${segment.segment_id}/translate`, {
        body: {},
      });
      expect(translated.status, JSON.stringify(translated.body)).toBe(200);
      expect(translated.body.target_text.toLowerCase()).toContain('casa');
      expect(translated.body.status).not.toBe('ok');

      // Deleting the project removes it and its files; the job that made it stays.
      const events = await openLineEvents(svc.url, TEST_API_KEY, projectId);
      const queued = await svc.api(`/v1/projects/${projectId}/segments/${segment.segment_id}/synthesize`, { body: {} });
      const spoken = { body: await events.waitFor(queued.body.speech_id) };
      events.close();
      expect(spoken.body.status).toBe('spoken');
      const folder = path.join(dataDir, 'projects', projectId);
      await expect(fs.stat(folder)).resolves.toBeTruthy();
      expect((await svc.api(`/v1/projects/${projectId}`, { method: 'DELETE' })).status).toBe(204);
      expect((await svc.api(`/v1/projects/${projectId}`)).status).toBe(404);
      await expect(fs.stat(folder)).rejects.toThrow();
      expect((await fetch(spoken.body.audio_url)).status).toBe(404);
      expect((await svc.api(`/v1/tasks/${created.body.task_id}`)).body.status).toBe('done');
      expect((await svc.api(`/v1/projects?task_id=${created.body.task_id}`)).body.projects).toEqual([]);
    }, 200_000);
  },
);
