// Shared by the job benches: a fresh service on a temp data folder, a job run to its end, and its stage times.
import { performance } from 'node:perf_hooks';
import { resolveConfig } from '../src/main/config.js';
import { startService, type RunningService } from '../src/main/service.js';

const API_KEY = 'dd_bench_key_0123456789abcdefghijkl';

export interface JobRun {
  task: { status: string; err_code?: string; err_message?: string; task_id: string };
  /** Create call to final status, ms. */
  wallMs: number;
  /** Time per stage from the task log, ms. */
  stageMs: Record<string, number>;
  /** The task log, for a bench that prints it. */
  lines: { ts: string; message: string }[];
}

export interface BenchService {
  service: RunningService;
  runJob(route: string, body: Record<string, unknown>): Promise<JobRun>;
  close(): Promise<void>;
}

export async function startBenchService(dataDir: string): Promise<BenchService> {
  const service = await startService(resolveConfig({ dataDir, port: 0, apiKey: API_KEY }, {}), { log: () => {} });
  const api = async (pathname: string, body?: unknown): Promise<any> => {
    const response = await fetch(`${service.url}${pathname}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return response.json();
  };
  return {
    service,
    async runJob(route, body) {
      const start = performance.now();
      const { task_id: taskId } = await api(route, body);
      let task: JobRun['task'];
      do {
        await new Promise((resolve) => setTimeout(resolve, 200));
        task = await api(`/v1/tasks/${taskId}`);
      } while (!['done', 'failed', 'cancelled'].includes(task.status));
      const wallMs = performance.now() - start;
      const lines = (await api(`/v1/tasks/${taskId}/log?limit=5000`)).lines as { ts: string; message: string }[];
      return { task, wallMs, stageMs: stageTimes(lines), lines };
    },
    close: () => service.close(),
  };
}

/** Stage durations from the `stage <name> started|finished` lines of a task log. */
export function stageTimes(lines: readonly { ts: string; message: string }[]): Record<string, number> {
  const stageMs: Record<string, number> = {};
  const started = new Map<string, number>();
  for (const line of lines) {
    const match = /^stage (\S+) (started|finished)/.exec(line.message);
    if (!match) continue;
    if (match[2] === 'started') started.set(match[1]!, Date.parse(line.ts));
    else stageMs[match[1]!] = Date.parse(line.ts) - (started.get(match[1]!) ?? Date.parse(line.ts));
  }
  return stageMs;
}

export function printRows(rows: ReadonlyArray<readonly [string, string]>): void {
  for (const [label, value] of rows) console.log(`${label.padEnd(60)} ${value}`);
}
