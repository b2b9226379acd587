// Moving from one machine to many: `dubdesk export-data` copies a data folder (a service on SQLite, stopped), and
// `dubdesk import-data` puts it into an empty PostgreSQL database and a shared folder. A service started on those
// shows what the old one showed (tasks, results, keys, glossaries, styles, projects) and finishes the unfinished tasks,
// with the old data folder gone.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../src/main/media/probe.js';
import { fetchInputsStage } from '../../src/main/pipelines/fetch-inputs-stage.js';
import { stagedPath, type StagedInput } from '../../src/main/pipelines/staged-inputs.js';
import type { JobKindModule } from '../../src/main/pipelines/kind.js';
import { lipsyncKind } from '../../src/main/pipelines/lipsync/kind.js';
import type { Stage } from '../../src/main/pipelines/types.js';
import { openStorage } from '../../src/main/storage/open-storage.js';
import { makeMediaDir, makeVideo } from '../fixtures/media.js';
import { postgresMissing, startPostgres, type PostgresServer } from '../fixtures/postgres-server.js';
import { runCli } from '../fixtures/run-cli.js';
import { makeDataDir, startTestService, TEST_API_KEY, type TestService } from '../fixtures/service.js';
import { testLipsyncPipeline } from '../fixtures/test-pipelines.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI_ENTRY = path.join(REPO_ROOT, 'src/cli/bin.ts');

/** The staged input probed by ffprobe: a stage that reads the job's input, wherever the job runs. */
function readInputStage(ffprobe: string): Stage {
  return {
    name: 'read-input',
    label: 'Reading the input',
    status: 'processing',
    async run({ outputs }, ctx) {
      const input = (outputs['fetch-inputs'] as { inputs: Record<string, StagedInput> }).inputs.reference_file_url!;
      return {
        durationSec: (await probeMedia(stagedPath(ctx.workDir, input), { signal: ctx.signal, ffprobe })).durationSec,
      };
    },
  };
}

/** The lip-sync kind as fetch-inputs → read-input → prepare → encode (real ffmpeg, paced in real time). */
const kinds: JobKindModule[] = [
  {
    ...lipsyncKind,
    pipeline: (deps) => {
      const test = testLipsyncPipeline({ encodeSeconds: 2 });
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

let media: Awaited<ReturnType<typeof makeMediaDir>>;
let video: string;
let postgres: PostgresServer | undefined;
const folders: string[] = [];
const tempFolder = async () => {
  const dir = await makeDataDir();
  folders.push(dir);
  return dir;
};

beforeAll(async () => {
  if (postgresMissing) return;
  media = await makeMediaDir('dubdesk-data-transfer-');
  video = await makeVideo(media.dir, { durationSec: 1, withAudio: true });
  postgres = await startPostgres();
});
afterAll(async () => {
  await postgres?.destroy();
  await media?.cleanup();
  await Promise.all(folders.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

/** The CLI in a process of its own: a service in this process holds the data folder's lock for another process. */
function cliProcess(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI_ENTRY, ...args],
      { cwd: REPO_ROOT, timeout: 45_000 },
      (error, _stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: error ? (error.code as number) : 0, stderr });
      },
    );
  });
}

async function upload(service: TestService, file: string): Promise<{ file_id: string; url: string }> {
  const response = await fetch(`${service.url}/v1/files?name=${path.basename(file)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'video/mp4' },
    body: await fs.readFile(file),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { file_id: string; url: string };
}

async function resultBytes(service: TestService, taskId: string): Promise<Buffer> {
  const { body } = await service.api(`/v1/video_generation/${taskId}`);
  const response = await fetch(body.video_url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe.skipIf(postgresMissing)('dubdesk export-data and import-data', () => {
  it('move a stopped data folder into PostgreSQL and shared storage, where a new service shows it all and finishes the unfinished tasks', async () => {
    const dataDir = await tempFolder();
    const exportDir = path.join(await tempFolder(), 'export');
    const old = await startTestService({ dataDir, service: { kinds } });
    let done: string,
      resumed: string,
      queued: string,
      movedKey: string,
      glossaryId: string,
      styleId: string,
      projectId: string;
    let result: Buffer;
    try {
      const input = await upload(old, video);
      const body = { reference_file_url: input.url, model: 'standard_v1', reference_file_type: 'video' };
      done = (await old.api('/v1/video_generation', { body })).body.task_id;
      expect(await old.waitForTask(done)).toMatchObject({ status: 'done' });
      result = await resultBytes(old, done);

      const key = await old.api('/v1/keys', { body: { name: 'moved', role: 'jobs' } });
      expect(key.status).toBe(200);
      movedKey = key.body.key;
      const glossary = await old.api('/v1/glossaries', {
        body: {
          name: 'Weather terms',
          source_language: 'en',
          target_language: 'de',
          entries: [{ source: 'weather report', target: 'Wetterbericht' }],
        },
      });
      expect(glossary.status).toBe(200);
      glossaryId = glossary.body.glossary_id;
      const style = await old.api('/v1/subtitle_styles', { body: { name: 'Large', font_size: 0.09, bold: true } });
      expect(style.status).toBe(200);
      styleId = style.body.subtitle_style_id;

      const refused = await cliProcess(['export-data', '--data-dir', dataDir, '--out', exportDir]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `DubDesk is running on the data folder ${dataDir} (process ${process.pid}). Stop it first`,
      );
      expect(existsSync(exportDir)).toBe(false);

      // An editable project needs a translate job's engines; its records are made directly, as that job stores them.
      projectId = `project-${done}`;
      await old.service.core.store.projects.create({
        id: projectId,
        taskId: done,
        kind: 'translate',
        sourceLanguage: 'en',
        targetLanguage: 'de',
        mediaDurationMs: 1000,
        mediaFileId: null,
        waveformFile: null,
        speakerVoices: { SPEAKER_1: { voiceId: 'de-voice', pitchSemitones: 0 } },
        now: Date.now(),
        segments: [
          {
            startMs: 0,
            endMs: 900,
            sourceText: 'The weather report',
            targetText: 'Der Wetterbericht',
            speaker: 'SPEAKER_1',
            voiceId: null,
            box: null,
            blockId: null,
          },
        ],
      });

      // One task stopped in its encode (its first stages finished here), one still waiting behind it (one job at a time).
      resumed = (await old.api('/v1/video_generation', { body })).body.task_id;
      await old.service.core.store.projects.addExport(projectId, resumed, Date.now());
      await old.waitForTask(resumed, (task) => task.stage === 'encode' && task.stage_progress > 0);
      queued = (await old.api('/v1/video_generation', { body })).body.task_id;
    } finally {
      await old.stop();
    }

    const exported = await runCli(['export-data', '--data-dir', dataDir, '--out', exportDir]);
    expect(exported.err).toBe('');
    expect(exported.code).toBe(0);
    expect(exported.out).toContain('  tasks: 3 rows\n');
    expect(exported.out).toMatch(/ {2}jobs\/: \d+ files, .* \(local inputs copied into their work folders\)\n/);
    const manifest = JSON.parse(await fs.readFile(path.join(exportDir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 'dubdesk-data-export', format_version: 1, source_data_dir: dataDir });
    expect(manifest.tables).toContainEqual({ name: 'tasks', rows: 3, file: 'tables/tasks.jsonl' });
    expect(manifest.tables.map((table: { name: string }) => table.name)).toEqual(
      expect.arrayContaining([
        'api_keys',
        'glossaries',
        'subtitle_styles',
        'projects',
        'project_segments',
        'files',
        'task_logs',
      ]),
    );
    expect(manifest.folders.map((folder: { name: string }) => folder.name)).toEqual([
      'files',
      'jobs',
      'projects',
      'reusable_models',
    ]);
    const carried = await fs.readdir(exportDir);
    for (const left of ['models', 'logs', 'cache', 'service.lock', 'dubdesk.db']) expect(carried).not.toContain(left);
    // The export stands alone: the old data folder is gone.
    await fs.rm(dataDir, { recursive: true, force: true });

    const databaseUrl = await postgres!.database('moved');
    expect(await runCli(['import-data', '--database', databaseUrl, exportDir])).toMatchObject({
      code: 2,
      err: expect.stringContaining('usage: dubdesk import-data'),
    });
    const storage = await tempFolder();
    const unmigrated = await runCli(['import-data', '--database', databaseUrl, '--storage', storage, exportDir]);
    expect(unmigrated.code).toBe(1);
    expect(unmigrated.err).toContain('has no DubDesk schema yet. Run `dubdesk migrate --database <url>`');
    expect((await runCli(['migrate', '--database', databaseUrl])).code).toBe(0);

    const imported = await runCli(['import-data', '--database', databaseUrl, '--storage', storage, exportDir]);
    expect(imported.err).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.out).toContain('  tasks: 3 rows\n');
    expect(imported.out).toContain('  project_segments: 1 rows\n');
    expect(imported.out).toMatch(/Imported \d+ rows \(3 tasks, 2 of them unfinished and queued\)/);

    const again = await runCli(['import-data', '--database', databaseUrl, '--storage', storage, exportDir]);
    expect(again.code).toBe(1);
    expect(again.err).toContain('already holds DubDesk records (3 tasks, ');
    expect(again.err).toContain('import into an empty database');

    // The new service listens elsewhere: the queued task's upload URL names the old address, and is still known as
    // an upload of this installation by its signature.
    const service = await startTestService({ config: { databaseUrl, storage }, service: { kinds } });
    expect(service.url).not.toBe(old.url);
    try {
      const { body: list } = await service.api('/v1/tasks');
      expect(
        Object.fromEntries(list.tasks.map((task: { task_id: string; status: string }) => [task.task_id, task.status])),
      ).toMatchObject({
        [done]: 'done',
        [resumed]: expect.any(String),
        [queued]: expect.any(String),
      });
      expect(list.tasks).toHaveLength(3);
      expect((await resultBytes(service, done)).equals(result!)).toBe(true);

      const withMovedKey = await fetch(`${service.url}/v1/tasks`, {
        headers: { authorization: `Bearer ${movedKey!}` },
      });
      expect(withMovedKey.status).toBe(200);
      expect(
        (await fetch(`${service.url}/v1/tasks`, { headers: { authorization: `Bearer ${movedKey!}x` } })).status,
      ).toBe(401);
      expect(
        (await service.api('/v1/glossaries')).body.glossaries.map(
          (glossary: { glossary_id: string }) => glossary.glossary_id,
        ),
      ).toContain(glossaryId!);
      expect(
        (await service.api('/v1/subtitle_styles')).body.subtitle_styles.map(
          (style: { subtitle_style_id: string }) => style.subtitle_style_id,
        ),
      ).toContain(styleId!);
      const project = await service.api(`/v1/projects/${projectId!}`);
      expect(project.status).toBe(200);
      expect(project.body.segments.map((segment: { target_text: string }) => segment.target_text)).toEqual([
        'Der Wetterbericht',
      ]);

      for (const taskId of [resumed!, queued!]) {
        expect(await service.waitForTask(taskId, undefined, 40_000)).toMatchObject({ status: 'done', progress: 1 });
      }
      const { body: log } = await service.api(`/v1/tasks/${resumed!}/log`);
      const messages: string[] = log.lines.map((line: { message: string }) => line.message);
      expect(messages).toContain('stage prepare already finished in an earlier run; resuming after it');
      expect(messages.filter((message) => message === 'stage encode started')).toHaveLength(2);
      // Its input is the work folder's own copy (named relative to it), in the storage with the rest of the folder.
      const shared = await openStorage(storage);
      try {
        const { stream } = await shared.read(`jobs/${resumed!}/stages/01-fetch-inputs.json`);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        expect(JSON.parse(Buffer.concat(chunks).toString('utf8')).inputs.reference_file_url.path).toBe(
          path.join('inputs', 'reference_file_url.mp4'),
        );
        expect(await shared.stat(`jobs/${resumed!}/inputs/reference_file_url.mp4`)).toEqual({
          size: (await fs.stat(video)).size,
        });
      } finally {
        await shared.close();
      }
    } finally {
      await service.stop();
    }
  });
});
