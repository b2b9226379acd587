// Measures the v1 create and status calls over real loopback HTTP, next to the bare tools they stand on
// (a plain node:http server, and ffprobe on the same file), in one run so the ratios share one machine state.
// Run: npm run bench:api [-- --pairs N --seconds S --concurrency 1,4,16]
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { resolveConfig } from '../src/main/config.js';
import { probeArgs } from '../src/main/media/ffmpeg-args.js';
import { startService, type RunningService } from '../src/main/service.js';
import { makeMediaDir, makeVideo } from '../test/fixtures/media.js';
import { lipsyncKind } from '../src/main/pipelines/lipsync/kind.js';

const API_KEY = 'dd_bench_key_0123456789abcdefghijkl';
const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
// The whole run must stop by itself well inside two minutes, even on a loaded 2-core machine.
const WATCHDOG_MS = 115_000;
const REQUEST_TIMEOUT_MS = 10_000;
const WARMUP_PAIRS = 20;
const LABEL_WIDTH = 38;

interface Settings {
  pairs: number;
  seconds: number;
  concurrencies: number[];
  /** Sequential phases stop early past this share of their pairs' time, so a slow machine still finishes. */
  sequentialBudgetMs: number;
}

function readSettings(argv: string[]): Settings {
  const { values } = parseArgs({
    args: argv,
    options: { pairs: { type: 'string' }, seconds: { type: 'string' }, concurrency: { type: 'string' } },
    strict: true,
  });
  const pairs = Number(values.pairs ?? 500);
  const seconds = Number(values.seconds ?? 5);
  const concurrencies = (values.concurrency ?? '1,4,16').split(',').map(Number);
  if (!Number.isInteger(pairs) || pairs < 1)
    throw new Error(`--pairs must be a whole number >= 1, got ${values.pairs}`);
  if (!(seconds > 0 && seconds <= 10)) throw new Error(`--seconds must be in (0, 10], got ${values.seconds}`);
  if (concurrencies.some((c) => !Number.isInteger(c) || c < 1 || c > 64))
    throw new Error(`--concurrency must list whole numbers 1..64, got ${values.concurrency}`);
  return { pairs, seconds, concurrencies, sequentialBudgetMs: 20_000 };
}

// ---- statistics (pure) ----

interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  mean: number;
}

/** Nearest-rank percentile of ascending samples. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function summarize(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / (sorted.length || 1);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50), 3),
    p90: round(percentile(sorted, 90), 3),
    p99: round(percentile(sorted, 99), 3),
    mean: round(mean, 3),
  };
}

function round(value: number, digits = 2): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

// ---- targets: what a client creates and polls ----

interface Target {
  name: string;
  /** POST the create body; resolves the status URL of what was created. */
  create(signal: AbortSignal): Promise<string>;
  status(url: string, signal: AbortSignal): Promise<void>;
}

class RequestFailed extends Error {}

async function expectOk(response: Response, what: string): Promise<string> {
  const text = await response.text();
  if (response.status !== 200)
    throw new RequestFailed(`${what} answered HTTP ${response.status}: ${text.slice(0, 200)}`);
  return text;
}

function jsonTarget(name: string, baseUrl: string, createBody: string): Target {
  const headers = { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' };
  return {
    name,
    async create(signal) {
      const text = await expectOk(
        await fetch(`${baseUrl}/v1/video_generation`, { method: 'POST', headers, body: createBody, signal }),
        'create',
      );
      return `${baseUrl}/v1/video_generation/${(JSON.parse(text) as { task_id: string }).task_id}`;
    },
    async status(url, signal) {
      await expectOk(await fetch(url, { headers: { authorization: headers.authorization }, signal }), 'status');
    },
  };
}

/** The bare tool: node:http answering fixed JSON bodies the size of DubDesk's own answers. */
async function startBareServer(
  createAnswer: string,
  statusAnswer: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const body = request.method === 'POST' ? createAnswer : statusAnswer;
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---- measurements ----

interface PairSamples {
  create: number[];
  status: number[];
  pair: number[];
}

/** Sequential create-then-status pairs, one connection kept alive. */
async function measurePairs(target: Target, pairs: number, budgetMs: number): Promise<PairSamples> {
  const samples: PairSamples = { create: [], status: [], pair: [] };
  const stopAt = performance.now() + budgetMs;
  for (let i = 0; i < pairs && performance.now() < stopAt; i += 1) {
    const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const start = performance.now();
    const statusUrl = await target.create(signal);
    const created = performance.now();
    await target.status(statusUrl, signal);
    const end = performance.now();
    samples.create.push(created - start);
    samples.status.push(end - created);
    samples.pair.push(end - start);
  }
  return samples;
}

interface Throughput {
  concurrency: number;
  seconds: number;
  creates: number;
  errors: number;
  perSecond: number;
  firstError?: string;
}

/** C clients each creating back to back for a fixed time; every non-200 or failed request counts as an error. */
async function measureThroughput(target: Target, concurrency: number, seconds: number): Promise<Throughput> {
  let creates = 0;
  let errors = 0;
  let firstError: string | undefined;
  const start = performance.now();
  const stopAt = start + seconds * 1000;
  const client = async () => {
    while (performance.now() < stopAt) {
      try {
        await target.create(AbortSignal.timeout(REQUEST_TIMEOUT_MS));
        creates += 1;
      } catch (error) {
        errors += 1;
        firstError ??= (error as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const elapsed = (performance.now() - start) / 1000;
  return {
    concurrency,
    seconds: round(elapsed),
    creates,
    errors,
    perSecond: round(creates / elapsed, 1),
    ...(firstError ? { firstError } : {}),
  };
}

/** Times an async step run back to back. */
async function measureSteps(steps: number, budgetMs: number, step: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  const stopAt = performance.now() + budgetMs;
  for (let i = 0; i < steps && performance.now() < stopAt; i += 1) {
    const start = performance.now();
    await step();
    samples.push(performance.now() - start);
  }
  return samples;
}

function bareFfprobe(ffprobe: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      ffprobe,
      probeArgs(file),
      { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), maxBuffer: 1 << 20 },
      (error) => (error ? reject(error) : resolve()),
    );
  });
}

// ---- report ----

function latencyRow(label: string, summary: LatencySummary): string {
  const cell = (value: number) => value.toFixed(2).padStart(8);
  return `  ${label.padEnd(LABEL_WIDTH)}${String(summary.count).padStart(6)}${cell(summary.p50)}${cell(summary.p90)}${cell(summary.p99)}`;
}

function ratio(numerator: number, denominator: number, digits = 2): number {
  return round(numerator / denominator, digits);
}

async function main(): Promise<number> {
  const settings = readSettings(process.argv.slice(2));
  const watchdog = setTimeout(() => {
    process.stderr.write(`api bench: still running after ${WATCHDOG_MS / 1000} s; stopping.\n`);
    process.exit(2);
  }, WATCHDOG_MS);
  watchdog.unref();

  const media = await makeMediaDir('dubdesk-bench-media-');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-bench-data-'));
  let service: RunningService | undefined;
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    const video = await makeVideo(media.dir, { name: 'bench-input.mp4' });
    const createBody = JSON.stringify({
      reference_file_url: pathToFileURL(video).href,
      model: 'standard_v1',
      reference_file_type: 'video',
    });
    // The lip-sync kind with no stages: the runner finishes each task at once, so only create and status are measured.
    const config = resolveConfig(
      { dataDir, host: '127.0.0.1', port: 0, apiKey: API_KEY, concurrency: 1, maxQueuedJobs: 1_000_000 },
      {},
    );
    const instantLipsync = { ...lipsyncKind, pipeline: () => ({ stages: [], results: () => [] }) };
    service = await startService(config, { log: () => {}, kinds: [instantLipsync] });
    const dubdesk = jsonTarget('DubDesk', service.url, createBody);

    // One real answer of each kind sizes the bare server's fixed bodies.
    const sampleStatusUrl = await dubdesk.create(AbortSignal.timeout(REQUEST_TIMEOUT_MS));
    const sampleCreate = JSON.stringify({ task_id: sampleStatusUrl.split('/').pop() });
    const sampleStatus = await expectOk(
      await fetch(sampleStatusUrl, { headers: { authorization: `Bearer ${API_KEY}` } }),
      'status',
    );
    bare = await startBareServer(sampleCreate, sampleStatus);
    const bareHttp = jsonTarget('bare node:http', bare.url, createBody);

    process.stderr.write(`api bench: warming up, then ${settings.pairs} create+status pairs per target...\n`);
    await measurePairs(dubdesk, WARMUP_PAIRS, 10_000);
    await measurePairs(bareHttp, WARMUP_PAIRS, 10_000);
    const dubdeskPairs = await measurePairs(dubdesk, settings.pairs, settings.sequentialBudgetMs);
    const barePairs = await measurePairs(bareHttp, settings.pairs, settings.sequentialBudgetMs);

    process.stderr.write('api bench: input check in-process and bare ffprobe...\n');
    const core = service.core;
    const request = JSON.parse(createBody) as Record<string, unknown>;
    const inputCheck = await measureSteps(settings.pairs, settings.sequentialBudgetMs, () =>
      core.intake('lipsync', request),
    );
    const ffprobe = await measureSteps(settings.pairs, settings.sequentialBudgetMs, () =>
      bareFfprobe(core.media.ffprobe, video),
    );

    const throughput: { concurrency: number; dubdesk: Throughput; bare: Throughput }[] = [];
    for (const concurrency of settings.concurrencies) {
      process.stderr.write(
        `api bench: ${settings.seconds} s of creates with ${concurrency} client(s), each target...\n`,
      );
      throughput.push({
        concurrency,
        dubdesk: await measureThroughput(dubdesk, concurrency, settings.seconds),
        bare: await measureThroughput(bareHttp, concurrency, settings.seconds),
      });
    }

    const latency = {
      dubdeskCreate: summarize(dubdeskPairs.create),
      dubdeskStatus: summarize(dubdeskPairs.status),
      dubdeskPair: summarize(dubdeskPairs.pair),
      bareCreate: summarize(barePairs.create),
      bareStatus: summarize(barePairs.status),
      barePair: summarize(barePairs.pair),
      inputCheck: summarize(inputCheck),
      bareFfprobe: summarize(ffprobe),
    };
    const ratios = {
      p50CreateDubdeskOverBare: ratio(latency.dubdeskCreate.p50, latency.bareCreate.p50),
      p50StatusDubdeskOverBare: ratio(latency.dubdeskStatus.p50, latency.bareStatus.p50),
      p50PairDubdeskOverBare: ratio(latency.dubdeskPair.p50, latency.barePair.p50),
      p50InputCheckOverFfprobe: ratio(latency.inputCheck.p50, latency.bareFfprobe.p50),
      p50CreateOverFfprobe: ratio(latency.dubdeskCreate.p50, latency.bareFfprobe.p50),
      createsPerSecondDubdeskOverBare: Object.fromEntries(
        throughput.map((t) => [`c${t.concurrency}`, ratio(t.dubdesk.perSecond, t.bare.perSecond, 3)]),
      ),
    };
    const errors = throughput.reduce((sum, t) => sum + t.dubdesk.errors + t.bare.errors, 0);

    const lines = [
      `DubDesk API bench: node ${process.version}, ${os.availableParallelism()} CPUs, loopback HTTP with keep-alive`,
      `${'latency in ms'.padEnd(LABEL_WIDTH + 2)}     n     p50     p90     p99`,
      latencyRow('DubDesk POST /v1/video_generation', latency.dubdeskCreate),
      latencyRow('DubDesk GET status', latency.dubdeskStatus),
      latencyRow('DubDesk create+status', latency.dubdeskPair),
      latencyRow('bare node:http POST', latency.bareCreate),
      latencyRow('bare node:http GET', latency.bareStatus),
      latencyRow('bare node:http pair', latency.barePair),
      latencyRow('input check (sniff+ffprobe, in-proc)', latency.inputCheck),
      latencyRow('bare ffprobe (same file, same args)', latency.bareFfprobe),
      `${`creates/s over ${settings.seconds} s`.padEnd(LABEL_WIDTH + 2)}${settings.concurrencies.map((c) => `C=${c}`.padStart(9)).join('')}`,
      `  ${'DubDesk'.padEnd(LABEL_WIDTH)}${throughput.map((t) => t.dubdesk.perSecond.toFixed(1).padStart(9)).join('')}`,
      `  ${'bare node:http'.padEnd(LABEL_WIDTH)}${throughput.map((t) => t.bare.perSecond.toFixed(1).padStart(9)).join('')}`,
      `  ${'DubDesk / bare'.padEnd(LABEL_WIDTH)}${throughput.map((t) => ratio(t.dubdesk.perSecond, t.bare.perSecond, 3).toFixed(3).padStart(9)).join('')}`,
      'ratios of p50 latency',
      `  create+status DubDesk / bare http    ${ratios.p50PairDubdeskOverBare}x  (create ${ratios.p50CreateDubdeskOverBare}x, status ${ratios.p50StatusDubdeskOverBare}x)`,
      `  input check / bare ffprobe           ${ratios.p50InputCheckOverFfprobe}x`,
      `  DubDesk create / bare ffprobe        ${ratios.p50CreateOverFfprobe}x`,
      `errors during throughput runs: ${errors}${errors ? `  first: ${throughput.map((t) => t.dubdesk.firstError ?? t.bare.firstError).find(Boolean)}` : ''}`,
    ];

    const report = {
      bench: 'api',
      at: new Date().toISOString(),
      node: process.version,
      cpus: os.availableParallelism(),
      platform: `${os.platform()} ${os.release()}`,
      settings: { ...settings, warmupPairs: WARMUP_PAIRS },
      input: { file: path.basename(video), bytes: (await fs.stat(video)).size, ffprobe: core.media.ffprobe },
      latencyMs: latency,
      throughput,
      ratios,
      errors,
    };
    mkdirSync(RESULTS_DIR, { recursive: true });
    const resultFile = path.join(RESULTS_DIR, `api-${report.at.replace(/[:.]/g, '-')}.json`);
    writeFileSync(resultFile, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`${lines.join('\n')}\nwritten: ${path.relative(process.cwd(), resultFile)}\n`);
    return errors === 0 ? 0 : 1;
  } finally {
    await bare?.close();
    await service?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    await media.cleanup();
    clearTimeout(watchdog);
  }
}

process.exitCode = await main();
