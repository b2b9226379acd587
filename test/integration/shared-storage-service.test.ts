// A service with shared storage (`--storage`): uploads, stage outputs and results live in the storage (a shared folder,
// or an S3 bucket on the loopback S3 server), so the data folder holds no only copy; and a job stopped on one machine
// is finished by a service on another (its own data folder, the same PostgreSQL database and storage), which resumes
// after the last stage the first one finished.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { jobWorkDir } from '../../src/main/config.js';
import { probeMedia } from '../../src/main/media/probe.js';
import { fetchInputsStage } from '../../src/main/pipelines/fetch-inputs-stage.js';
import { stagedPath, type StagedInput } from '../../src/main/pipelines/staged-inputs.js';
import type { JobKindModule } from '../../src/main/pipelines/kind.js';
import { lipsyncKind } from '../../src/main/pipelines/lipsync/kind.js';
import type { Stage } from '../../src/main/pipelines/types.js';
import { openStorage } from '../../src/main/storage/open-storage.js';
import type { SharedStorage } from '../../src/main/files/shared-storage.js';
import { migratePostgres } from '../../src/main/store/postgres/migrate.js';
import { openPostgresPool } from '../../src/main/store/postgres/pool.js';
import { makeMediaDir, makeVideo } from '../fixtures/media.js';
import { createDatabase } from '../fixtures/postgres-server.js';
import { startS3LoopbackServer, type S3LoopbackServer } from '../fixtures/s3-loopback-server.js';
import { makeDataDir, startTestService, TEST_API_KEY, type TestService } from '../fixtures/service.js';
import { countRuns, PREPARE_RUNS_FILE, testLipsyncPipeline } from '../fixtures/test-pipelines.js';

const BUCKET = 'dubdesk-service';

/** The staged input's file in the work dir, probed by ffprobe: the job reads its own copy, wherever it runs. */
function readInputStage(ffprobe: string): Stage {
  return {
    name: 'read-input',
    label: 'Reading the input',
    status: 'processing',
    async run({ outputs }, ctx) {
      const input = (outputs['fetch-inputs'] as { inputs: Record<string, StagedInput> }).inputs.reference_file_url!;
      const info = await probeMedia(stagedPath(ctx.workDir, input), { signal: ctx.signal, ffprobe });
      return { durationSec: info.durationSec };
    },
  };
}

/** The lip-sync kind as fetch-inputs → read-input → prepare → encode (test-pipelines.ts: real time, real ffmpeg). */
function storageKinds(encodeSeconds: number): JobKindModule[] {
  return [
    {
      ...lipsyncKind,
      pipeline: (deps) => {
        const test = testLipsyncPipeline({ encodeSeconds });
        return {
          ...test,
          stages: [
            fetchInputsStage(lipsyncKind.intake, 'processing', deps),
            readInputStage(deps.media.ffprobe),
            ...test.stages,
          ],
        };
      },
    },
  ];
}

let s3: S3LoopbackServer;
let media: Awaited<ReturnType<typeof makeMediaDir>>;
let video: string;
const folders: string[] = [];
const tempFolder = async () => {
  const dir = await makeDataDir();
  folders.push(dir);
  return dir;
};

beforeAll(async () => {
  s3 = await startS3LoopbackServer({ buckets: [BUCKET] });
  media = await makeMediaDir('dubdesk-shared-storage-');
  video = await makeVideo(media.dir, { durationSec: 1, withAudio: true });
});
afterAll(async () => {
  await s3.close();
  await media.cleanup();
  await Promise.all(folders.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** A `--storage` value and the test's own handle on the same storage. */
const BACKENDS: { name: string; open(): Promise<{ spec: string; storage: SharedStorage }> }[] = [
  {
    name: 'a shared folder',
    async open() {
      const spec = await tempFolder();
      return { spec, storage: await openStorage(spec) };
    },
  },
  {
    name: 'an S3 bucket',
    async open() {
      // The service opens the bucket as `--storage` does: its server and credentials from the standard AWS environment.
      vi.stubEnv('AWS_ENDPOINT_URL_S3', s3.endpoint);
      vi.stubEnv('AWS_REGION', s3.region);
      vi.stubEnv('AWS_ACCESS_KEY_ID', s3.credentials.accessKeyId);
      vi.stubEnv('AWS_SECRET_ACCESS_KEY', s3.credentials.secretAccessKey);
      vi.stubEnv('DUBDESK_S3_FORCE_PATH_STYLE', '1');
      const spec = `s3://${BUCKET}/run-${randomBytes(4).toString('hex')}`;
      return { spec, storage: await openStorage(spec) };
    },
  },
];

async function upload(service: TestService, file: string): Promise<{ file_id: string; url: string }> {
  const response = await fetch(`${service.url}/v1/files?name=${path.basename(file)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'video/mp4' },
    body: await fs.readFile(file),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { file_id: string; url: string };
}

const jobBody = (inputUrl: string) => ({
  reference_file_url: inputUrl,
  model: 'standard_v1',
  reference_file_type: 'video',
});

async function readJson(storage: SharedStorage, key: string): Promise<any> {
  const { stream } = await storage.read(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

async function logMessages(service: TestService, taskId: string): Promise<string[]> {
  const { body } = await service.api(`/v1/tasks/${taskId}/log`);
  return body.lines.map((line: { message: string }) => line.message);
}

describe.each(BACKENDS)('a service with its artifacts on $name', (backend) => {
  it('keeps the upload, every stage and the result in storage, and serves the result from there with Range', async () => {
    const { spec, storage } = await backend.open();
    const service = await startTestService({ config: { storage: spec }, service: { kinds: storageKinds(1) } });
    try {
      const input = await upload(service, video);
      expect(await storage.stat(`files/${input.file_id}/${path.basename(video)}`)).toEqual({
        size: (await fs.stat(video)).size,
      });

      const { body: created } = await service.api('/v1/video_generation', { body: jobBody(input.url) });
      const taskId: string = created.task_id;
      expect(await service.waitForTask(taskId)).toMatchObject({ status: 'done' });

      // The work folder holds its own copy of the upload, named relative to it, and is in storage stage by stage.
      const jobKeys = (await storage.list(`jobs/${taskId}`)).map((key) => key.slice(`jobs/${taskId}/`.length));
      expect(jobKeys).toEqual(
        expect.arrayContaining([
          'inputs/reference_file_url.mp4',
          'stages/01-fetch-inputs.json',
          'stages/02-read-input.json',
          'stages/03-prepare.json',
          'stages/04-encode.json',
          'encoded.mp4',
        ]),
      );
      const fetched = await readJson(storage, `jobs/${taskId}/stages/01-fetch-inputs.json`);
      expect(fetched.inputs.reference_file_url.path).toBe(path.join('inputs', 'reference_file_url.mp4'));

      const { body: status } = await service.api(`/v1/video_generation/${taskId}`);
      const resultId = new URL(status.video_url).pathname.split('/').pop()!;
      const [resultKey] = await storage.list(`files/${resultId}`);
      const stored = await storage.stat(resultKey!);
      expect(stored!.size).toBeGreaterThan(1000);

      // No only copy in the data folder: without its work folders and caches the service still serves the result.
      await fs.rm(path.join(service.dataDir, 'jobs'), { recursive: true, force: true });
      await fs.rm(path.join(service.dataDir, 'cache'), { recursive: true, force: true });
      expect(await fs.stat(path.join(service.dataDir, 'files', resultId)).catch(() => null)).toBeNull();
      const ranged = await fetch(status.video_url, { headers: { range: 'bytes=100-1099' } });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-range')).toBe(`bytes 100-1099/${stored!.size}`);
      expect((await ranged.arrayBuffer()).byteLength).toBe(1000);
      const whole = await fetch(status.video_url);
      expect(whole.status).toBe(200);
      const downloaded = path.join(media.dir, `result-${taskId}.mp4`);
      await fs.writeFile(downloaded, Buffer.from(await whole.arrayBuffer()));
      expect(await probeMedia(downloaded)).toMatchObject({
        hasVideo: true,
        hasAudio: true,
        video: { width: 640, height: 360 },
      });

      // Deleting the task deletes its work folder and its result from storage too.
      expect((await service.api(`/v1/tasks/${taskId}`, { method: 'DELETE' })).status).toBe(204);
      expect(await storage.list(`jobs/${taskId}`)).toEqual([]);
      expect(await storage.list(`files/${resultId}`)).toEqual([]);
    } finally {
      await service.stop();
      await storage.close();
    }
  });
});

// Two services on one database: only PostgreSQL is shared between data folders (SQLite's file is inside one).
describe.skipIf(process.env.DUBDESK_TEST_DATABASE !== 'postgres')(
  'a job stopped on one machine and resumed on another',
  () => {
    it('finishes on the second service from the stage after the last one the first finished, with a playable result', async () => {
      const databaseUrl = await createDatabase(inject('postgresUrl'), `shared_storage_resume_${process.pid}`);
      const pool = openPostgresPool(databaseUrl, { max: 2 });
      try {
        await migratePostgres(pool);
      } finally {
        await pool.end();
      }
      const spec = await tempFolder();
      const storage = await openStorage(spec);
      const kinds = storageKinds(4);
      const dataA = await tempFolder();
      const dataB = await tempFolder();

      const a = await startTestService({ dataDir: dataA, config: { databaseUrl, storage: spec }, service: { kinds } });
      let taskId: string;
      try {
        const input = await upload(a, video);
        const { body: created } = await a.api('/v1/video_generation', { body: jobBody(input.url) });
        taskId = created.task_id;
        await a.waitForTask(taskId, (task) => task.stage === 'encode' && task.stage_progress > 0);
      } finally {
        // A clean stop hands the task back, as a stopping worker does; its encode never finished.
        await a.stop();
      }
      const shared = (await storage.list(`jobs/${taskId}`)).map((key) => key.slice(`jobs/${taskId}/`.length));
      expect(shared).toContain('stages/03-prepare.json');
      expect(shared).not.toContain('stages/04-encode.json');
      // Machine A is gone with everything it had: its work folder, its cache of the upload.
      await fs.rm(dataA, { recursive: true, force: true });

      const b = await startTestService({ dataDir: dataB, config: { databaseUrl, storage: spec }, service: { kinds } });
      try {
        const done = await b.waitForTask(taskId, undefined, 90_000);
        expect(done).toMatchObject({ status: 'done', progress: 1 });
        const messages = await logMessages(b, taskId);
        expect(messages).toContainEqual(
          expect.stringMatching(/^work folder fetched from shared storage \(\d+ files\)$/),
        );
        expect(messages).toContain('stage prepare already finished in an earlier run; resuming after it');
        for (const stage of ['fetch-inputs', 'read-input', 'prepare'])
          expect(messages.filter((message) => message === `stage ${stage} started`)).toHaveLength(1);
        expect(messages.filter((message) => message === 'stage encode started')).toHaveLength(2);
        // The prepare stage's own record of its runs came from storage: it ran once, on A.
        expect(await countRuns(jobWorkDir(b.service.core.paths, taskId), PREPARE_RUNS_FILE)).toBe(1);

        const { body: status } = await b.api(`/v1/video_generation/${taskId}`);
        const download = await fetch(status.video_url);
        expect(download.status).toBe(200);
        const downloaded = path.join(media.dir, `resumed-${taskId}.mp4`);
        await fs.writeFile(downloaded, Buffer.from(await download.arrayBuffer()));
        const info = await probeMedia(downloaded);
        expect(info).toMatchObject({ hasVideo: true, hasAudio: true, video: { width: 640, height: 360 } });
        expect(info.durationSec).toBeGreaterThan(3.5);
      } finally {
        await b.stop();
        await storage.close();
      }
    });
  },
);
