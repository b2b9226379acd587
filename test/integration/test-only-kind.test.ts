// A job kind declared only here, registered through the core's `kinds` option: it runs end to end through the
// real HTTP API (create, its own status route, the result download, GET /v1/meta, the OpenAPI document) and
// through `dubdesk run`'s command function, without any other module knowing it.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Writable } from 'node:stream';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { writeFileAtomic } from '../../src/main/files/atomic-write.js';
import type { JobKindModule } from '../../src/main/pipelines/kind.js';
import { DubDeskError } from '../../src/shared/errors.js';
import { StatusCoreProperties, StrictObject } from '../../src/shared/schemas/common.js';
import { clipTestKind } from '../fixtures/clip-test-kind.js';
import { makeImage } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';

interface EchoRequest {
  text: string;
  repeat?: number;
}

/** The test kind: one stage writes the request's text, upper-cased and repeated, as a one-cue SRT, published as the subtitle. */
const echoKind: JobKindModule<EchoRequest> = {
  id: 'test_echo',
  title: 'test echo',
  aliases: ['echo'],
  route: '/v1/test_echo',
  apiName: 'TestEcho',
  requestSchema: StrictObject({
    text: Type.String({ minLength: 1, maxLength: 200 }),
    repeat: Type.Optional(Type.Integer({ minimum: 1, maximum: 5, default: 1 })),
  }),
  statusSchema: Type.Object({
    ...StatusCoreProperties,
    status: Type.String(),
    result: Type.Optional(Type.Object({ subtitle_url: Type.Optional(Type.String()) })),
  }),
  statuses: ['queuing', 'processing', 'done', 'failed', 'cancelled'],
  statusShape: 'result',
  inputs: [],
  intake: {
    inputRules: () => [],
    checkFields(request) {
      if (request.text.trim() === '') throw new DubDeskError('invalid_request', 'text must contain more than spaces.');
    },
    async checkInputs() {},
  },
  pipeline: () => ({
    stages: [
      {
        name: 'echo',
        label: 'Echoing',
        status: 'processing',
        async run({ request }, ctx) {
          const text = Array.from({ length: request.repeat ?? 1 }, () => request.text.toUpperCase()).join(' ');
          await writeFileAtomic(path.join(ctx.workDir, 'echo.srt'), `1\n00:00:00,000 --> 00:00:01,000\n${text}\n`);
          ctx.progress(1);
          return { subtitle: 'echo.srt' };
        },
      },
    ],
    results: (outputs) => [{ role: 'subtitle', path: String(outputs.echo!.subtitle), name: 'echo.srt' }],
  }),
};

describe('a kind registered only in a test, through the HTTP API', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ service: { kinds: [echoKind, clipTestKind] } });
  });
  afterAll(async () => {
    await svc.stop();
  });

  it('creates a job on its own route, reports it on its status route and serves the file its stage wrote', async () => {
    const created = await svc.api('/v1/test_echo', { body: { text: 'hello', repeat: 2 } });
    expect(created.status).toBe(200);
    const taskId: string = created.body.task_id;
    const task = await svc.waitForTask(taskId);
    expect(task).toMatchObject({ kind: 'test_echo', status: 'done', stage: 'echo' });

    const status = await svc.api(`/v1/test_echo/${taskId}`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ task_id: taskId, status: 'done', progress: 1 });
    const download = await fetch(status.body.result.subtitle_url);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('1\n00:00:00,000 --> 00:00:01,000\nHELLO HELLO\n');

    // Another kind's status route does not know the task.
    const elsewhere = await svc.api(`/v1/video_generation/${taskId}`);
    expect(elsewhere.status).toBe(404);
  });

  it('validates the body with its own schema and applies its own intake checks', async () => {
    const typo = await svc.api('/v1/test_echo', { body: { text: 'hi', repaet: 2 } });
    expect(typo.status).toBe(400);
    expect(typo.body).toMatchObject({ code: 'invalid_request', message: "Unknown field 'repaet' in body." });
    const blank = await svc.api('/v1/test_echo', { body: { text: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ code: 'invalid_request', message: 'text must contain more than spaces.' });
  });

  it('returns the first task for a repeated Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'echo-once' };
    const first = await svc.api('/v1/test_echo', { body: { text: 'once' }, headers });
    const again = await svc.api('/v1/test_echo', { body: { text: 'once' }, headers });
    expect(again.body.task_id).toBe(first.body.task_id);
  });

  it('is listed by GET /v1/meta beside the built-in kinds, with its routes, statuses and labelled stages', async () => {
    const meta = await svc.api('/v1/meta');
    expect(meta.status).toBe(200);
    const ids = meta.body.kinds.map((kind: { id: string }) => kind.id);
    expect(ids).toEqual(['lipsync', 'reusable_lipsync', 'translate', 'frame_translate', 'test_echo', 'test_clip']);
    expect(meta.body.kinds.find((kind: { id: string }) => kind.id === 'test_echo')).toEqual({
      id: 'test_echo',
      title: 'test echo',
      create_route: '/v1/test_echo',
      status_route: '/v1/test_echo/{task_id}',
      statuses: ['queuing', 'processing', 'done', 'failed', 'cancelled'],
      inputs: [],
      stages: [{ name: 'echo', label: 'Echoing', status: 'processing' }],
    });
    const translate = meta.body.kinds.find((kind: { id: string }) => kind.id === 'translate');
    expect(translate.create_route).toBe('/v1/media/translate');
    expect(translate.stages.map((stage: { name: string }) => stage.name)).toEqual([
      'fetch-inputs',
      'prepare-media',
      'detect-speech',
      'read-subtitles',
      'identify-language',
      'read-screen-text',
      'transcribe',
      'diarize',
      'segment',
      'translate',
      'separate',
      'synthesize',
      'mix',
      'erase-subtitles',
      'export',
      'make-project',
      'check-quality',
    ]);
  });

  it("lists a kind's input fields in GET /v1/meta: the main one, and the field that says its sort", async () => {
    const meta = await svc.api('/v1/meta');
    const clip = meta.body.kinds.find((kind: { id: string }) => kind.id === 'test_clip');
    expect(clip.inputs).toEqual([
      {
        field: 'clip_url',
        media: 'video',
        media_from: { field: 'clip_type', values: { video: 'video', image: 'image' } },
        main: true,
      },
    ]);
    const lipsync = meta.body.kinds.find((kind: { id: string }) => kind.id === 'lipsync');
    expect(lipsync.inputs).toEqual([
      {
        field: 'reference_file_url',
        media: 'video',
        media_from: { field: 'reference_file_type', values: { video: 'video', image: 'image' } },
        main: true,
      },
      { field: 'audio_url', media: 'audio', main: false },
    ]);
    expect(
      meta.body.kinds
        .find((kind: { id: string }) => kind.id === 'translate')
        .inputs.map((input: { field: string }) => input.field),
    ).toEqual(['media_url', 'subtitle_url']);
  });

  it('runs the media kind on the input its request names, through the fetch-inputs stage', async () => {
    const picture = await makeImage(svc.dataDir, { name: 'still.png', width: 64, height: 48 });
    const created = await svc.api('/v1/test_clip', {
      body: { clip_url: pathToFileURL(picture).href, clip_type: 'image', note: 'a still' },
    });
    expect(created.status).toBe(200);
    const task = await svc.waitForTask(created.body.task_id);
    expect(task).toMatchObject({ kind: 'test_clip', status: 'done', input_name: 'still.png' });
    const status = await svc.api(`/v1/test_clip/${created.body.task_id}`);
    const video = await fetch(status.body.video_url);
    expect(video.status).toBe(200);
    expect(
      Buffer.from(await video.arrayBuffer())
        .subarray(4, 8)
        .toString('latin1'),
    ).toBe('ftyp');
  });

  it('appears in the OpenAPI document with its request schema', async () => {
    const doc = await svc.api('/v1/openapi.json');
    const create = doc.body.paths['/v1/test_echo'].post;
    expect(create.summary).toBe('Create a test echo job');
    expect(Object.keys(create.requestBody.content['application/json'].schema.properties)).toEqual(['text', 'repeat']);
    expect(doc.body.paths['/v1/test_echo/{task_id}'].get.summary).toBe('Status of a test echo job');
  });
});

describe('a kind registered only in a test, through `dubdesk run`', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-test-kind-cli-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  function sink(): Writable & { text: string } {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        stream.text += String(chunk);
        done();
      },
    }) as Writable & { text: string };
    stream.text = '';
    return stream;
  }

  it('runs the job by its alias and prints the path of the file its stage wrote', async () => {
    const requestFile = path.join(dir, 'echo.json');
    await fs.writeFile(requestFile, JSON.stringify({ text: 'from the cli' }));
    const out = sink();
    const err = sink();
    const code = await runCommand(['echo', requestFile, '--data-dir', path.join(dir, 'data')], out, err, {
      kinds: [echoKind],
    });
    expect(err.text).toMatch(/^task [0-9a-f]+\n/);
    expect(code).toBe(0);
    const printed = /^subtitle: (.+)\n$/.exec(out.text);
    expect(printed).not.toBeNull();
    expect(await fs.readFile(printed![1]!, 'utf8')).toContain('FROM THE CLI');
  });

  it('refuses a body its schema rejects, naming the field and the request file, as the API does', async () => {
    const requestFile = path.join(dir, 'typo.json');
    await fs.writeFile(requestFile, JSON.stringify({ text: 'x', colour: 'red' }));
    const err = sink();
    const code = await runCommand(['test_echo', requestFile, '--data-dir', path.join(dir, 'data')], sink(), err, {
      kinds: [echoKind],
    });
    expect(code).toBe(1);
    expect(err.text).toBe(`invalid_request: Unknown field 'colour' in ${requestFile}.\n`);
  });

  it('lists the registered kind in its usage line', async () => {
    await expect(runCommand([], sink(), sink(), { kinds: [echoKind] })).rejects.toThrow(
      'usage: dubdesk run <lipsync|reusable_lipsync|translate|frame_translate|test_echo> <request.json>',
    );
  });
});
