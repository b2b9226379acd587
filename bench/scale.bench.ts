// Scale-out throughput: 40 short standard_v1 lip-sync jobs through one PostgreSQL and one shared storage folder, run by
// 1, 2 and 3 `dubdesk worker` processes (one job at a time each), as jobs per minute and the speed-up over one worker.
// Then the queue's own cost per job on an idle queue, PostgreSQL (graphile-worker) against the embedded SQLite queue:
// claim to start (create answered -> first stage started) and finish to result visible (last stage finished -> the
// status route answers done), measured in the same run.
// Run: npm run bench:scale [-- --jobs N] [-- --workers 1,2,3] [-- --samples N]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { resolveConfig } from '../src/main/config.js';
import { startService, type RunningService } from '../src/main/service.js';
import { migratePostgres } from '../src/main/store/postgres/migrate.js';
import { openPostgresPool } from '../src/main/store/postgres/pool.js';
import { faceVideo } from '../test/fixtures/faces.js';
import { makeMediaDir } from '../test/fixtures/media.js';
import { startPostgres, type PostgresServer } from '../test/fixtures/postgres-server.js';
import { makeSpokenAudio } from '../test/fixtures/speech.js';
import { printRows } from './bench-service.js';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const API_KEY = 'dd_bench_key_0123456789abcdefghijkl';
const note = (line: string) => process.stderr.write(`[bench:scale] ${line}\n`);

interface Task {
  task_id: string;
  status: string;
  err_code?: string;
  err_message?: string;
}

function client(service: RunningService) {
  return async (pathname: string, body?: unknown): Promise<any> => {
    const response = await fetch(`${service.url}${pathname}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return response.json();
  };
}

/** A `dubdesk worker` process from the sources, ready once it says so. */
async function spawnWorker(dataDir: string, databaseUrl: string, storage: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'src/cli/bin.ts'),
      'worker',
      '--database',
      databaseUrl,
      '--storage',
      storage,
      '--data-dir',
      dataDir,
      '--concurrency',
      '1',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('DubDesk worker ')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited (${code}):\n${output}`)));
  });
  return child;
}

async function stopWorker(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function waitDone(api: ReturnType<typeof client>, ids: readonly string[], pollMs: number): Promise<Task[]> {
  for (;;) {
    const tasks: Task[] = await Promise.all(ids.map((id) => api(`/v1/tasks/${id}`)));
    if (tasks.every((task) => ['done', 'failed', 'cancelled'].includes(task.status))) {
      const bad = tasks.find((task) => task.status !== 'done');
      if (bad) throw new Error(`a job ended ${bad.status}: ${bad.err_code} ${bad.err_message}`);
      return tasks;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

interface Setup {
  server: PostgresServer;
  scratch: string;
  body: Record<string, unknown>;
}

/** A fresh database and storage folder, a service that runs no jobs, and `workers` worker processes. */
async function scaleOutNodes(setup: Setup, name: string, workers: number) {
  const url = await setup.server.database(name);
  const pool = openPostgresPool(url, { max: 2 });
  await migratePostgres(pool);
  await pool.end();
  const storage = path.join(setup.scratch, `${name}-storage`);
  mkdirSync(storage);
  const service = await startService(
    resolveConfig(
      {
        dataDir: path.join(setup.scratch, `${name}-service`),
        port: 0,
        apiKey: API_KEY,
        databaseUrl: url,
        storage,
        concurrency: 0,
      },
      {},
    ),
    { log: () => {} },
  );
  const children = await Promise.all(
    Array.from({ length: workers }, (_, index) =>
      spawnWorker(path.join(setup.scratch, `${name}-worker-${index}`), url, storage),
    ),
  );
  return {
    service,
    storage,
    async close() {
      await Promise.all(children.map(stopWorker));
      await service.close();
    },
  };
}

/** Seconds from the first create to the last done, and the bytes the jobs left on shared storage. */
async function throughput(
  setup: Setup,
  workers: number,
  jobs: number,
): Promise<{ seconds: number; storedBytes: number }> {
  const nodes = await scaleOutNodes(setup, `throughput_${workers}`, workers);
  try {
    const api = client(nodes.service);
    const start = performance.now();
    const ids: string[] = [];
    for (let index = 0; index < jobs; index++) ids.push((await api('/v1/video_generation', setup.body)).task_id);
    await waitDone(api, ids, 250);
    const seconds = (performance.now() - start) / 1000;
    return { seconds, storedBytes: await folderBytes(nodes.storage) };
  } finally {
    await nodes.close();
  }
}

async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await fs.readdir(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** Per job on an idle queue: create answered -> first stage started, and last stage finished -> done visible. */
async function queueOverhead(
  service: RunningService,
  body: Record<string, unknown>,
  samples: number,
): Promise<{ claimMs: number[]; visibleMs: number[] }> {
  const api = client(service);
  const claimMs: number[] = [];
  const visibleMs: number[] = [];
  for (let index = 0; index < samples; index++) {
    const created = await api('/v1/video_generation', body);
    const createdAt = Date.now();
    const [task] = await waitDone(api, [created.task_id], 5);
    const seenDoneAt = Date.now();
    const lines = (await api(`/v1/tasks/${task!.task_id}/log?limit=5000`)).lines as { ts: string; message: string }[];
    const firstStage = lines.find((line) => / started$/.test(line.message) && line.message.startsWith('stage '));
    const lastFinished = lines.filter((line) => /^stage \S+ finished/.test(line.message)).at(-1);
    claimMs.push(Date.parse(firstStage!.ts) - createdAt);
    visibleMs.push(seenDoneAt - Date.parse(lastFinished!.ts));
  }
  return { claimMs, visibleMs };
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { jobs: { type: 'string' }, workers: { type: 'string' }, samples: { type: 'string' } },
  });
  const jobs = Number(values.jobs ?? 40);
  const workerCounts = (values.workers ?? '1,2,3').split(',').map(Number);
  const samples = Number(values.samples ?? 10);
  const media = await makeMediaDir('dubdesk-bench-scale-');
  const server = await startPostgres();
  try {
    note('generating a 2 s 320x240 face video and 2 s of speech (not timed)');
    const reference = await faceVideo(media.dir, {
      durationSec: 2,
      fps: 25,
      width: 320,
      height: 240,
      name: 'reference.mp4',
    });
    const { audioPath } = await makeSpokenAudio(media.dir, {
      cues: [{ startMs: 200, endMs: 1800, text: 'A short line to say.' }],
      durationSec: 2,
      name: 'speech',
    });
    const body = {
      reference_file_url: pathToFileURL(reference).href,
      audio_url: pathToFileURL(audioPath).href,
      model: 'standard_v1',
      reference_file_type: 'video',
    };
    const setup: Setup = { server, scratch: media.dir, body };

    const seconds: Record<number, number> = {};
    let storedBytes = 0;
    for (const workers of workerCounts) {
      note(`${jobs} jobs with ${workers} worker process(es)`);
      const run = await throughput(setup, workers, jobs);
      seconds[workers] = run.seconds;
      storedBytes = run.storedBytes;
    }

    note(`queue overhead: ${samples} jobs one at a time on PostgreSQL (1 worker) and on SQLite`);
    const postgres = await scaleOutNodes(setup, 'overhead', 1);
    const onPostgres = await queueOverhead(postgres.service, body, samples).finally(() => postgres.close());
    const sqliteService = await startService(
      resolveConfig({ dataDir: path.join(media.dir, 'sqlite-service'), port: 0, apiKey: API_KEY, concurrency: 1 }, {}),
      { log: () => {} },
    );
    const onSqlite = await queueOverhead(sqliteService, body, samples).finally(() => sqliteService.close());

    const base = seconds[workerCounts[0]!]!;
    const rows: Array<[string, string]> = [
      ['machine', `${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? 'unknown cpu'}`],
    ];
    for (const workers of workerCounts) {
      const perMinute = jobs / (seconds[workers]! / 60);
      rows.push([
        `${jobs} standard_v1 jobs, ${workers} worker(s)`,
        `${seconds[workers]!.toFixed(1)} s = ${perMinute.toFixed(1)} jobs/min, speed-up ${(base / seconds[workers]!).toFixed(2)}x`,
      ]);
    }
    rows.push(
      [
        'shared storage written per job (inputs, stage outputs, result)',
        `${(storedBytes / jobs / 1024).toFixed(0)} KiB`,
      ],
      ['queue: create -> first stage started, median (PostgreSQL)', `${median(onPostgres.claimMs)} ms`],
      ['queue: create -> first stage started, median (SQLite)', `${median(onSqlite.claimMs)} ms`],
      ['queue: last stage finished -> done visible, median (PostgreSQL)', `${median(onPostgres.visibleMs)} ms`],
      ['queue: last stage finished -> done visible, median (SQLite)', `${median(onSqlite.visibleMs)} ms`],
      [
        'ratio PostgreSQL / SQLite, claim + visible',
        `${((median(onPostgres.claimMs) + median(onPostgres.visibleMs)) / Math.max(1, median(onSqlite.claimMs) + median(onSqlite.visibleMs))).toFixed(2)}x`,
      ],
    );
    printRows(rows);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(
      path.join(RESULTS_DIR, `scale-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
      JSON.stringify({ jobs, seconds, storedBytes, onPostgres, onSqlite }, null, 2),
    );
  } finally {
    await server.destroy();
    await fs.rm(media.dir, { recursive: true, force: true });
  }
}

await main();
