// A bounded, seeded fuzz of the whole API, built from the service's own OpenAPI document: no answer may be a 5xx,
// no request may hang, nothing may crash, and no request may make the service reach past loopback.
// Replay or explore: DUBDESK_FUZZ_SEED=<seed> DUBDESK_FUZZ_COUNT=<n> npx vitest run test/integration/api-fuzz.test.ts
// (DUBDESK_FUZZ_LOG=<file> writes every request and answer as JSON lines). The seed replays the same request shapes;
// ids of resources the run itself created may differ, since four workers interleave.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUILTIN_CATALOGUE, createCatalogue } from '../../src/main/models/catalogue.js';
import { garbageBytes, makeAudio, makeImage, makeMediaDir, makeTextFile, makeVideo } from '../fixtures/media.js';
import { startTestService, TEST_API_KEY, type TestService } from '../fixtures/service.js';
import { conformanceOf } from '../fixtures/openapi-conformance.js';
import { dereference } from '../fixtures/openapi-refs.js';
import { runFuzz } from '../fixtures/fuzz/fuzz-run.js';
import { harvestIds } from '../fixtures/fuzz/harvest.js';
import { startJunkServer, type JunkServer } from '../fixtures/fuzz/junk-server.js';
import { installNetworkGuard, type NetworkGuard } from '../fixtures/fuzz/network-guard.js';
import { createRng } from '../fixtures/fuzz/prng.js';
import { createRequestGenerator, operationsOf, type ValuePools } from '../fixtures/fuzz/request-generator.js';

const SEED = Number(process.env.DUBDESK_FUZZ_SEED ?? 20261123);
const COUNT = Number(process.env.DUBDESK_FUZZ_COUNT ?? 5000);
const CONCURRENCY = 4;
const REQUEST_TIMEOUT_MS = 15_000;
/** Optional: a JSON-lines file of every request and its answer, to study a run. */
const LOG_FILE = process.env.DUBDESK_FUZZ_LOG;

let svc: TestService;
let junk: JunkServer;
let guard: NetworkGuard;
let media: { dir: string; cleanup: () => Promise<void> };
const processFailures: string[] = [];
const onUnhandled = (reason: unknown) =>
  processFailures.push(`unhandled rejection: ${(reason as Error)?.stack ?? String(reason)}`);
const onUncaught = (error: Error) => processFailures.push(`uncaught exception: ${error.stack ?? String(error)}`);

beforeAll(async () => {
  guard = installNetworkGuard();
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUncaught);
  junk = await startJunkServer();
  media = await makeMediaDir('dubdesk-fuzz-');
  await Promise.all([
    makeVideo(media.dir, { durationSec: 1, width: 160, height: 120, name: 'clip.mp4' }),
    makeAudio(media.dir, { durationSec: 1, name: 'tone.wav' }),
    makeImage(media.dir, { format: 'png', width: 160, height: 120, name: 'still.png' }),
    makeTextFile(media.dir, 'speech.srt', '1\n00:00:00,000 --> 00:00:00,900\nHallo Welt\n'),
    makeTextFile(media.dir, 'broken.srt', '1\n00:00:05,000 --> 00:00:01,000\n\u0000\u202e\n\nnot a cue\n'),
    makeTextFile(media.dir, 'garbage.mp4', garbageBytes(4096, 3)),
    makeTextFile(media.dir, 'garbage.onnx', garbageBytes(2048, 5)),
    makeTextFile(media.dir, 'empty.wav', ''),
    fs.mkdir(path.join(media.dir, 'folder.mp4')),
  ]);
  // Model installs download from the loopback junk server instead of the catalogue's real hosts.
  const loopbackCatalogue = createCatalogue(
    [],
    BUILTIN_CATALOGUE.map((entry) => ({
      ...entry,
      files: entry.files.map((file) => ({
        ...file,
        url: `${junk.url}/${file.name.endsWith('.onnx') ? 'junk.mp4' : 'missing.mp4'}`,
      })),
    })),
  );
  svc = await startTestService({
    config: { concurrency: 1, maxQueuedJobs: 1000 },
    service: { models: { catalogue: loopbackCatalogue, idleTimeoutMs: 3000 } },
  });
});

afterAll(async () => {
  await svc?.stop();
  await junk?.close();
  await media?.cleanup();
  guard?.uninstall();
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUncaught);
});

async function seedPools(pools: ValuePools, document: any): Promise<void> {
  const listed = async (pathname: string, key: string, field: string) =>
    ((await svc.api(pathname)).body?.[key] ?? []).map((item: any) => String(item[field]));
  pools.catalogue_id = await listed('/v1/models', 'models', 'id');
  pools.voice_id = (await listed('/v1/voices', 'voices', 'voice_id')).slice(0, 40);
  pools.language = [...(await listed('/v1/languages', 'languages', 'code')), 'auto', 'pt-BR', 'zh-Hans'];
  pools.subtitle_style_id = await listed('/v1/subtitle_styles', 'subtitle_styles', 'subtitle_style_id');
  pools.kind = document.paths['/v1/tasks'].get.parameters.find((p: any) => p.name === 'kind').schema.enum;
  for (const name of ['clip.mp4', 'tone.wav', 'still.png', 'speech.srt', 'garbage.mp4']) {
    const upload = await fetch(`${svc.url}/v1/files?name=${name}`, {
      method: 'POST',
      body: await fs.readFile(path.join(media.dir, name)),
      headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/octet-stream' },
    });
    expect(upload.status).toBe(201);
    const uploaded = await upload.json();
    harvestIds(pools, uploaded, svc.url);
    if (name === 'speech.srt')
      pools.subtitle_url = [
        uploaded.url,
        `file://${path.join(media.dir, 'speech.srt')}`,
        `file://${path.join(media.dir, 'broken.srt')}`,
        `${junk.url}/junk.srt`,
      ];
  }
}

it(`answers ${COUNT} seeded requests built from its OpenAPI document with no 5xx, no hang, no crash and no traffic past loopback`, async () => {
  console.log(`api fuzz: seed ${SEED} (DUBDESK_FUZZ_SEED), ${COUNT} requests (DUBDESK_FUZZ_COUNT)`);
  const documentAnswer = await svc.api('/v1/openapi.json');
  expect(documentAnswer.status).toBe(200);
  const operations = operationsOf(dereference(documentAnswer.body));
  const conformance = conformanceOf(documentAnswer.body);
  expect(operations.length).toBeGreaterThan(30);

  const pools: ValuePools = {};
  await seedPools(pools, documentAnswer.body);
  const localFiles = (await fs.readdir(media.dir)).map((name) => path.join(media.dir, name));
  const generator = createRequestGenerator(
    operations,
    { host: new URL(svc.url).host, apiKey: TEST_API_KEY, junkUrls: junk.urls, localFiles, tempDir: media.dir, pools },
    createRng(SEED),
  );

  const report = await runFuzz({
    next: generator.next,
    serviceUrl: svc.url,
    apiKey: TEST_API_KEY,
    tempDir: media.dir,
    pools,
    count: COUNT,
    concurrency: CONCURRENCY,
    timeoutMs: REQUEST_TIMEOUT_MS,
    keepLog: Boolean(LOG_FILE),
    conformance,
  });
  if (LOG_FILE) await fs.writeFile(LOG_FILE, `${report.log.join('\n')}\n`);

  const health = await svc.api('/v1/health');
  const tasks = await svc.api('/v1/tasks?limit=500');
  console.log(
    [
      `api fuzz: ${COUNT} requests in ${report.seconds.toFixed(1)} s, seed ${SEED}, peak RSS of the test process ${(report.peakRss / 2 ** 20).toFixed(0)} MB`,
      `  statuses: ${[...report.statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(' ')} (501 pipeline_unavailable: ${report.notBuiltYet})`,
      `  operations answered 2xx at least once: ${report.reached.size}/${operations.length}; never: ${
        operations
          .filter((op) => !report.reached.has(op.id))
          .map((op) => op.id)
          .join(', ') || 'none'
      }`,
      `  tasks created: ${tasks.body?.tasks?.length ?? '?'}; junk server saw ${junk.requests} requests; network guard refused ${guard.refused.length}; connection resets retried: ${report.resetsRetried}`,
      ...[...report.failures.entries()].map(([key, n]) => `  FAIL ${key}: ${n}`),
    ].join('\n'),
  );

  expect(guard.refused, 'connections past loopback').toEqual([]);
  expect(processFailures, 'unhandled rejections or exceptions').toEqual([]);
  expect(health.status).toBe(200);
  expect(health.body.status).toBe('ok');
  expect(tasks.status).toBe(200);
  expect(conformance.violations(), `answers the OpenAPI document does not list (seed ${SEED})`).toEqual([]);
  expect(
    report.findings,
    `5xx answers, hangs and broken connections (seed ${SEED}):\n${report.findings.join('\n\n')}`,
  ).toEqual([]);
}, 240_000);
