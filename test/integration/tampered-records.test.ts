// Records edited behind the service's back (a row changed in the real SQLite file by another process, as a tampered
// import or a hand edit would leave it) never make it open a file outside the record's own root: a project's
// waveform path stays inside its task's work folder, a file record's path inside files/. Both answer 404 not_found
// without a byte of the outside file. And a task's callback_url shows its user and password to admin keys only.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobWorkDir } from '../../src/main/config.js';
import { encodeWav } from '../../src/main/media/audio.js';
import type { JobKindModule } from '../../src/main/pipelines/kind.js';
import { StatusCoreProperties, StrictObject } from '../../src/shared/schemas/common.js';
import { startTestService, type TestService } from '../fixtures/service.js';

const SECRET = 'OPERATOR-PRIVATE-LINE-7f3a';
const RATE = 16_000;
let svc: TestService;
/** A folder beside the data folder, as another user's files would be. */
let outside: string;
let taskId: string;
let projectId: string;
let fileId: string;

/** A second connection to the service's SQLite file: what another process editing the database does. */
function tamper(sql: string, ...values: unknown[]): void {
  const db = new Database(path.join(svc.dataDir, 'dubdesk.db'));
  try {
    expect(db.prepare(sql).run(...values).changes).toBe(1);
  } finally {
    db.close();
  }
}

/** A tone loud enough that its peaks could never be mistaken for the work folder's quiet track. */
const tone = (amplitude: number) =>
  encodeWav(
    Float32Array.from({ length: RATE }, (_, i) => amplitude * Math.sin((2 * Math.PI * 440 * i) / RATE)),
    RATE,
  );

interface HookRequest {
  text: string;
  callback_url?: string;
}

/** A kind whose one stage does nothing: enough to store a task with a callback_url through the real create call. */
const hookKind: JobKindModule<HookRequest> = {
  id: 'test_hook',
  title: 'test hook',
  aliases: [],
  route: '/v1/test_hook',
  apiName: 'TestHook',
  requestSchema: StrictObject({ text: Type.String({ minLength: 1 }), callback_url: Type.Optional(Type.String()) }),
  statusSchema: Type.Object({ ...StatusCoreProperties, status: Type.String() }),
  statuses: ['queuing', 'processing', 'done', 'failed', 'cancelled'],
  statusShape: 'result',
  inputs: [],
  intake: { inputRules: () => [], checkFields() {}, async checkInputs() {} },
  pipeline: () => ({
    stages: [
      {
        name: 'wait',
        label: 'Waiting',
        status: 'processing',
        async run() {
          return {};
        },
      },
    ],
    results: () => [],
  }),
};

let receiver: http.Server;
const delivered: string[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    delivered.push(req.url ?? '');
    req.resume();
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  svc = await startTestService({ service: { kinds: [hookKind] } });
  outside = fs.mkdtempSync(path.join(path.dirname(svc.dataDir), 'dubdesk-outside-'));
  fs.writeFileSync(path.join(outside, 'secret.wav'), tone(0.9));
  fs.writeFileSync(path.join(outside, 'secret.txt'), `${SECRET}\n`);

  // A task and its project as a translate job stores them, its speech track in the task's work folder.
  const core = svc.service.core;
  taskId = 'tampered-task';
  projectId = 'tampered-project';
  await core.store.tasks.insert({
    id: taskId,
    kind: 'translate',
    status: 'done',
    request: {},
    maxAttempts: 3,
    now: Date.now(),
  });
  const workDir = jobWorkDir(core.paths, taskId);
  fs.mkdirSync(workDir, { recursive: true });
  fs.writeFileSync(path.join(workDir, 'speech.wav'), tone(0.25));
  await core.store.projects.create({
    id: projectId,
    taskId,
    kind: 'translate',
    sourceLanguage: 'en',
    targetLanguage: 'de',
    mediaDurationMs: 1000,
    mediaFileId: null,
    waveformFile: 'speech.wav',
    speakerVoices: {},
    now: Date.now(),
    segments: [
      {
        startMs: 0,
        endMs: 900,
        sourceText: 'Hello',
        targetText: 'Hallo',
        speaker: 'SPEAKER_1',
        voiceId: null,
        box: null,
        blockId: null,
      },
    ],
  });
  fileId = (await core.files.registerResult(taskId, path.join(workDir, 'speech.wav'), 'speech.wav')).id;
});

afterAll(async () => {
  await svc?.stop();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  if (outside) fs.rmSync(outside, { recursive: true, force: true });
});

describe('a project row pointing the waveform outside its work folder', () => {
  it('answers 404 not_found for every path that leaves the folder, and never reads the outside file', async () => {
    const fair = await svc.api(`/v1/projects/${projectId}/waveform?points=10`);
    expect(fair.status).toBe(200);
    expect(Math.max(...fair.body.peaks)).toBeCloseTo(0.25, 2);

    const escapes = [
      path.join(outside, 'secret.wav'),
      path.join(outside, 'secret.txt'),
      path.relative(jobWorkDir(svc.service.core.paths, taskId), path.join(outside, 'secret.wav')),
      '../other-task/speech.wav',
      'stages/../../../dubdesk.db',
    ];
    for (const waveformFile of escapes) {
      tamper('UPDATE projects SET waveform_file = ? WHERE id = ?', waveformFile, projectId);
      const refused = await svc.api(`/v1/projects/${projectId}/waveform?points=10`);
      expect([refused.status, refused.body.code], waveformFile).toEqual([404, 'not_found']);
      expect(refused.body.message).toBe(
        `A stored file path of this task points outside its work folder (${taskId}), so it is not opened: the record was changed by hand or comes from a damaged import.`,
      );
      expect(refused.body).not.toHaveProperty('peaks');
      expect(JSON.stringify(refused.body)).not.toContain(SECRET);
    }

    // An absolute path inside the work folder (as older versions stored it) still draws.
    tamper(
      'UPDATE projects SET waveform_file = ? WHERE id = ?',
      path.join(jobWorkDir(svc.service.core.paths, taskId), 'speech.wav'),
      projectId,
    );
    const older = await svc.api(`/v1/projects/${projectId}/waveform?points=10`);
    expect([older.status, Math.max(...older.body.peaks)]).toEqual([
      200,
      fair.body.peaks.reduce((a: number, b: number) => Math.max(a, b)),
    ]);
  });
});

describe('a files row pointing outside files/', () => {
  it('answers 404 not_found, not 500, and serves none of the outside file', async () => {
    const fair = await svc.api(`/v1/files/${fileId}`);
    expect(fair.status).toBe(200);
    for (const stored of [
      path.relative(svc.dataDir, path.join(outside, 'secret.txt')),
      'dubdesk.db',
      `files/${fileId}/../../dubdesk.db`,
    ]) {
      tamper('UPDATE files SET path = ? WHERE id = ?', stored, fileId);
      for (const headers of [{}, { range: 'bytes=0-9' }] as Record<string, string>[]) {
        const refused = await svc.api(`/v1/files/${fileId}`, { headers });
        expect([refused.status, refused.body.code], stored).toEqual([404, 'not_found']);
        expect(refused.body.message).toBe(
          `File ${fileId} is not stored here: its record points outside the files folder.`,
        );
        expect(JSON.stringify(refused.body)).not.toContain(SECRET);
      }
    }
    // Deleting a tampered upload removes its row and leaves what it pointed at alone.
    const upload = await svc.service.core.files.saveUpload(Readable.from([Buffer.from('upload bytes')]), {
      name: 'notes.txt',
    });
    tamper(
      'UPDATE files SET path = ? WHERE id = ?',
      path.relative(svc.dataDir, path.join(outside, 'secret.txt')),
      upload.id,
    );
    expect((await svc.api(`/v1/files/${upload.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await svc.api(`/v1/files/${upload.id}`)).status).toBe(404);
    expect(fs.readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe(`${SECRET}\n`);
  });
});

describe("a task's callback_url by key role", () => {
  it('shows a jobs key only the origin, and an admin key the whole URL', async () => {
    const port = (receiver.address() as AddressInfo).port;
    const callbackUrl = `http://hook-user:hook-pass-${SECRET}@127.0.0.1:${port}/dubdesk/hook?token=${SECRET}`;
    const created = await svc.api('/v1/test_hook', { body: { text: 'hi', callback_url: callbackUrl } });
    expect(created.status).toBe(200);
    const id: string = created.body.task_id;
    await svc.waitForTask(id);

    const jobsKey: string = (await svc.api('/v1/keys', { body: { name: 'render script', role: 'jobs' } })).body.key;
    const asJobs = { authorization: `Bearer ${jobsKey}` };
    const seenByJobs = await svc.api(`/v1/tasks/${id}`, { headers: asJobs });
    expect(seenByJobs.status).toBe(200);
    expect(seenByJobs.body.request).toEqual({ text: 'hi', callback_url: `http://127.0.0.1:${port}` });
    // Nowhere else a jobs key reads a task does the URL's secret part show.
    for (const pathname of [`/v1/tasks/${id}`, '/v1/tasks', `/v1/tasks/${id}/log`]) {
      const seen = await svc.api(pathname, { headers: asJobs });
      expect(seen.status, pathname).toBe(200);
      expect(JSON.stringify(seen.body), pathname).not.toContain(SECRET);
      expect(JSON.stringify(seen.body), pathname).not.toContain('hook-user');
    }

    const adminKey: string = (await svc.api('/v1/keys', { body: { name: 'ops', role: 'admin' } })).body.key;
    for (const authorization of [`Bearer ${adminKey}`, undefined]) {
      // undefined: the fixture's --api-key, an admin key for the run.
      const seen = await svc.api(`/v1/tasks/${id}`, authorization ? { headers: { authorization } } : {});
      expect(seen.body.request.callback_url).toBe(callbackUrl);
    }
    // The receiver itself still gets every callback at its whole address.
    await expect
      .poll(() => delivered.filter((url) => url === `/dubdesk/hook?token=${SECRET}`).length)
      .toBeGreaterThan(0);
  });
});
