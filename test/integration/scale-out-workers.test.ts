// Scale-out on real parts: one PostgreSQL from Debian, one shared storage folder, a service that runs no jobs itself
// (`--workers 0`) and three `dubdesk worker` processes, each with its own local data folder. Twenty mixed jobs are
// spread over the workers and all end done, though one worker is killed with SIGKILL mid-job and PostgreSQL restarts
// while they run.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/main/config.js';
import { probeMedia } from '../../src/main/media/probe.js';
import { formatSrtTime } from '../../src/main/media/srt.js';
import { startService, type RunningService } from '../../src/main/service.js';
import { migratePostgres } from '../../src/main/store/postgres/migrate.js';
import { openPostgresPool } from '../../src/main/store/postgres/pool.js';
import { makeMediaDir, makeTextFile, makeVideo } from '../fixtures/media.js';
import { postgresMissing, startPostgres, type PostgresServer } from '../fixtures/postgres-server.js';
import { makeDataDir, TEST_API_KEY } from '../fixtures/service.js';
import { makeSpokenVideo } from '../fixtures/speech.js';
import { lipsyncBody, testKinds } from '../fixtures/test-pipelines.js';

const WORKER_ENTRY = path.resolve(import.meta.dirname, '../fixtures/worker-test-pipeline.ts');
const ENCODE_SECONDS = 3;

interface WorkerProcess {
  name: string;
  child: ChildProcess;
  output: () => string;
}

interface StageRecord {
  name: string;
  state: string;
  worker?: string;
}

describe.skipIf(postgresMissing)('workers on several processes over one PostgreSQL and one storage folder', () => {
  let server: PostgresServer;
  let service: RunningService;
  let storage: string;
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  const folders: string[] = [];
  const workers: WorkerProcess[] = [];
  const children: ChildProcess[] = [];

  const api = async (pathname: string, body?: unknown): Promise<{ status: number; body: any }> => {
    const response = await fetch(`${service.url}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${TEST_API_KEY}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };

  async function spawnWorker(databaseUrl: string, kinds?: string): Promise<WorkerProcess> {
    const dataDir = await makeDataDir();
    folders.push(dataDir);
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        WORKER_ENTRY,
        dataDir,
        databaseUrl,
        storage,
        String(ENCODE_SECONDS),
        ...(kinds ? [kinds] : []),
      ],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(child);
    let output = '';
    const name = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`worker did not start within 60 s:\n${output}`)), 60_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /worker ready (\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`worker exited (${code ?? signal}) before it was ready:\n${output}`));
      });
    });
    return { name, child, output: () => output };
  }

  beforeAll(async () => {
    server = await startPostgres();
    const url = await server.database('scale_out');
    const pool = openPostgresPool(url);
    await migratePostgres(pool);
    await pool.end();
    storage = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-shared-storage-'));
    folders.push(storage);
    media = await makeMediaDir();
    const serviceDir = await makeDataDir();
    folders.push(serviceDir);
    service = await startService(
      resolveConfig(
        {
          dataDir: serviceDir,
          host: '127.0.0.1',
          port: 0,
          apiKey: TEST_API_KEY,
          databaseUrl: url,
          storage,
          concurrency: 0,
        },
        {},
      ),
      { kinds: testKinds({ encodeSeconds: ENCODE_SECONDS }), log: () => {} },
    );
    // In this order whichever starts first: the third takes lip-sync jobs only.
    workers.push(...(await Promise.all([spawnWorker(url), spawnWorker(url), spawnWorker(url, 'lipsync')])));
  }, 180_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await service?.close();
    await server?.destroy();
    await media?.cleanup();
    await Promise.all(folders.map((folder) => fs.rm(folder, { recursive: true, force: true })));
  });

  it('lists the workers with their kinds, spreads twenty mixed jobs over them, and finishes every one through a kill -9 and a PostgreSQL restart', async () => {
    const listed = (await api('/v1/workers')).body.workers as Array<{
      name: string;
      kinds: string[] | null;
      concurrency: number;
    }>;
    expect(listed.map((worker) => worker.name).sort()).toEqual(workers.map((worker) => worker.name).sort());
    expect(listed.find((worker) => worker.name === workers[2]!.name)?.kinds).toEqual(['lipsync']);

    // Lip-sync jobs (the test pipeline: prepare, then a 3 s encode paced in real time) and SRT-driven dubs (the real
    // translate pipeline with eSpeak NG voices), which the lipsync-only worker never takes.
    const video = await makeVideo(media.dir, { durationSec: 2 });
    const spoken = (
      await makeSpokenVideo(media.dir, {
        cues: [
          { startMs: 300, endMs: 2000, text: 'Good morning and welcome.', speaker: 'Anna', voice: 'espeak:en+f2' },
        ],
        width: 320,
        height: 240,
        fps: 25,
        name: 'spoken',
      })
    ).videoPath;
    const subtitles = await makeTextFile(
      media.dir,
      'spoken.de.srt',
      `1\n${formatSrtTime(300)} --> ${formatSrtTime(2000)}\nGuten Morgen und willkommen.\n`,
    );
    const dubBody = {
      media_type: 'video',
      media_url: pathToFileURL(spoken).href,
      subtitle_url: pathToFileURL(subtitles).href,
      subtitle_usage_type: 'final_translated',
      target_language: 'de',
      export_type: 'all',
    };
    // What the service's own listeners (its SSE streams) hear, though no job runs in the service's process.
    const heard = new Map<string, Set<string>>();
    const unsubscribe = service.core.events.subscribe((event) => {
      if (event.type === 'task')
        (heard.get(event.task.id) ?? heard.set(event.task.id, new Set()).get(event.task.id)!).add(event.task.status);
    });
    const lipsyncIds: string[] = [];
    const dubIds: string[] = [];
    for (let index = 0; index < 20; index++) {
      const dub = index % 4 === 3;
      // The last dub also makes an editable project, which the service (that ran none of it) must open and export.
      const body = index === 19 ? { ...dubBody, project_mode: 'editable' } : dubBody;
      const created = dub
        ? await api('/v1/media/translate', body)
        : await api('/v1/video_generation', lipsyncBody(video));
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      (dub ? dubIds : lipsyncIds).push(created.body.task_id);
    }

    // The first worker is killed while it encodes: its job is taken over once its lease has run out.
    const victim = workers[0]!;
    const victimTask = await waitFor(
      async () => {
        for (const id of lipsyncIds) {
          const task = (await api(`/v1/tasks/${id}`)).body;
          const encode = (task.stages as StageRecord[]).find((stage) => stage.name === 'encode');
          if (encode?.state === 'running' && encode.worker === victim.name) return id;
        }
        return undefined;
      },
      120_000,
      'a lip-sync job encoding on the first worker',
    );
    victim.child.kill('SIGKILL');

    // PostgreSQL restarts under the other two while they work.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await server.stop();
    await server.start();

    const all = [...lipsyncIds, ...dubIds];
    let lastSeen: Array<{ task_id: string; status: string; stages: StageRecord[] }> = [];
    const finished = await waitFor(
      async () => {
        const tasks = await Promise.all(all.map(async (id) => (await api(`/v1/tasks/${id}`)).body));
        lastSeen = tasks;
        return tasks.every((task) => ['done', 'failed', 'cancelled'].includes(task.status)) ? tasks : undefined;
      },
      300_000,
      'every job to end',
      // On a timeout, say which jobs were still open, at which stage and where, and what the workers printed last.
      () =>
        [
          ...lastSeen
            .filter((task) => !['done', 'failed', 'cancelled'].includes(task.status))
            .map(
              (task) =>
                `${task.task_id} ${task.status}: ` +
                task.stages.map((stage) => `${stage.name}=${stage.state}@${stage.worker ?? '-'}`).join(' '),
            ),
          ...workers.map((worker) => `--- ${worker.name}\n${worker.output().slice(-2_000)}`),
        ].join('\n'),
    );
    expect(finished.map((task) => [task.task_id, task.status, task.err_message ?? null])).toEqual(
      all.map((id) => [id, 'done', null]),
    );
    await expect
      .poll(() => all.filter((id) => heard.get(id)?.has('done')).length, { timeout: 10_000 })
      .toBe(all.length);
    unsubscribe();

    // Spread: every live worker ran jobs; the lipsync-only worker never ran a dub.
    const ranOn = (task: { stages: StageRecord[] }) =>
      new Set(task.stages.map((stage) => stage.worker).filter(Boolean));
    const byId = new Map(finished.map((task) => [task.task_id, task]));
    for (const worker of workers.slice(1))
      expect(
        [...byId.values()].some((task) => ranOn(task).has(worker.name)),
        worker.name,
      ).toBe(true);
    for (const id of dubIds) expect(ranOn(byId.get(id)!).has(workers[2]!.name)).toBe(false);

    // The project a worker made opens on the service: its waveform is drawn from the worker's work folder, fetched
    // from shared storage, and its export runs on a worker from the stages the first job finished.
    const projectUrl = byId.get(dubIds.at(-1)!)!.result.project_url as string;
    const projectId = projectUrl.split('/').pop()!;
    const waveform = await api(`/v1/projects/${projectId}/waveform?points=100`);
    expect(waveform.status, JSON.stringify(waveform.body)).toBe(200);
    expect(waveform.body.peaks.length).toBeGreaterThan(0);
    expect(waveform.body.duration).toBeGreaterThan(1.5);
    const exported = await api(`/v1/projects/${projectId}/export`, {});
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    const exportTask = await waitFor(
      async () => {
        const task = (await api(`/v1/tasks/${exported.body.task_id}`)).body;
        return ['done', 'failed', 'cancelled'].includes(task.status) ? task : undefined;
      },
      120_000,
      'the project export to end',
    );
    expect([exportTask.status, exportTask.err_message ?? null]).toEqual(['done', null]);

    // The killed worker's job was finished elsewhere; its result, read from shared storage, plays for the full 3 s.
    const taken = byId.get(victimTask)!;
    expect((taken.stages as StageRecord[]).find((stage) => stage.name === 'encode')?.worker).not.toBe(victim.name);
    const log = (await api(`/v1/tasks/${victimTask}/log`)).body.lines
      .map((line: { message: string }) => line.message)
      .join('\n');
    expect(log).toContain('stage prepare already finished in an earlier run; resuming after it');
    const status = (await api(`/v1/video_generation/${victimTask}`)).body;
    expect(status.video_url).toMatch(new RegExp(`^${service.url}/v1/files/`));
    const download = await fetch(status.video_url);
    expect(download.status).toBe(200);
    const saved = path.join(media.dir, 'taken-over.mp4');
    await fs.writeFile(saved, Buffer.from(await download.arrayBuffer()));
    expect((await probeMedia(saved)).durationSec).toBeGreaterThan(ENCODE_SECONDS - 0.5);
  }, 600_000);
});

async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  limitMs: number,
  what: string,
  explain: () => string = () => '',
): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    // A request during the PostgreSQL restart may fail; the next one is answered.
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${explain()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
