// The real CLI as a user runs it: a child process per command over a temp data folder, judged by its output and exit code.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { readDataDirLock } from '../../src/main/store/data-dir-lock.js';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeVideo } from '../fixtures/media.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONFIG_HOME = mkdtempSync(path.join(os.tmpdir(), 'dubdesk-cli-config-'));
const CLI_ENTRY = path.join(REPO_ROOT, 'src/cli/bin.ts');
const PACKAGE_VERSION = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;
// Generous: a loaded 2-core machine needs seconds just to load tsx.
const COMMAND_TIMEOUT_MS = 45_000;
const SERVE_KEY = 'dd_cli_test_key_0123456789abcdef';

interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment of the test runner minus every DUBDESK_* setting, so only what a test passes counts. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('DUBDESK_')));
  // Services register in <config home>/DubDesk/running-services: keep that out of the user's real home.
  return { ...env, XDG_CONFIG_HOME: CONFIG_HOME, ...extra };
}

function cliArgs(args: string[]): string[] {
  return ['--import', 'tsx', CLI_ENTRY, ...args];
}

/** Runs `dubdesk <args>` to completion. */
function dubdesk(args: string[], options: { env?: Record<string, string> } = {}): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      cliArgs(args),
      {
        cwd: REPO_ROOT,
        env: cleanEnv(options.env),
        timeout: COMMAND_TIMEOUT_MS,
        signal: AbortSignal.timeout(COMMAND_TIMEOUT_MS + 5_000),
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') {
          reject(new Error(`dubdesk ${args.join(' ')} did not finish: ${error.message}\n${stderr}`));
          return;
        }
        resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
  });
}

interface ServeProcess {
  child: ChildProcess;
  url: string;
  guiUrl: string;
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `dubdesk serve` and resolves once it has printed its start-up lines. */
async function startServe(dataDir: string): Promise<ServeProcess> {
  const child = spawn(
    process.execPath,
    cliArgs(['serve', '--port', '0', '--data-dir', dataDir, '--api-key', SERVE_KEY, '--concurrency', '1']),
    {
      cwd: REPO_ROOT,
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  // 'close', not 'exit': only then has everything the process printed been read.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + COMMAND_TIMEOUT_MS;
  for (;;) {
    const listening = /^DubDesk listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout);
    const gui = /^Open the DubDesk GUI in a browser: (\S+)$/m.exec(stdout);
    // The data folder line is the last one serve prints at start; each line may arrive in its own chunk.
    if (listening && gui && /^Data folder: .*\n/m.test(stdout))
      return { child, url: listening[1]!, guiUrl: gui[1]!, stdout: () => stdout, stderr: () => stderr, exited };
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`dubdesk serve did not start:\n${stdout}\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stopServe(serve: ServeProcess | undefined): Promise<void> {
  if (!serve || serve.child.exitCode !== null || serve.child.signalCode !== null) return;
  serve.child.kill('SIGKILL');
  await serve.exited;
}

async function getJson(url: string, key: string): Promise<{ status: number; body: any }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, body: await response.json() };
}

async function tempDir(prefix: string): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

describe('dubdesk keys', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await tempDir('dubdesk-cli-keys-');
  });
  afterEach(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('create prints the key once on stdout with a note on stderr; list shows its prefix and name, never the key', async () => {
    const created = await dubdesk(['keys', 'create', '--name', 'ci', '--data-dir', dataDir]);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^dd_[A-Za-z0-9_-]{20,}\n$/);
    expect(created.stderr).toMatch(/^Created key [0-9a-f]+ \(ci\)\. It is shown only now: store it safely\.\n$/);
    const key = created.stdout.trim();

    const list = await dubdesk(['keys', 'list', '--data-dir', dataDir]);
    expect(list.code).toBe(0);
    const line = list.stdout.split('\n').find((row) => / ci +created /.test(row));
    expect(line).toBeDefined();
    const prefix = /^[0-9a-f]+ {2}(\S+)… /.exec(line!)?.[1];
    expect(prefix && key.startsWith(prefix) && prefix.length < key.length).toBe(true);
    expect(list.stdout).not.toContain(key);
    expect(line).not.toContain('REVOKED');
  });

  it('revoke by prefix marks the key REVOKED in the list; revoking an unknown id exits 1', async () => {
    const key = (await dubdesk(['keys', 'create', '--name', 'ci', '--data-dir', dataDir])).stdout.trim();
    const prefix = /^[0-9a-f]+ {2}(\S+)… /m.exec((await dubdesk(['keys', 'list', '--data-dir', dataDir])).stdout)![1]!;
    expect(key.startsWith(prefix)).toBe(true);

    const revoked = await dubdesk(['keys', 'revoke', prefix, '--data-dir', dataDir]);
    expect(revoked).toEqual({ code: 0, stdout: `Revoked ${prefix}.\n`, stderr: '' });
    expect((await dubdesk(['keys', 'list', '--data-dir', dataDir])).stdout).toMatch(
      new RegExp(`${prefix}… {2}ci .* REVOKED \\d{4}-\\d\\d-\\d\\d`),
    );

    const unknown = await dubdesk(['keys', 'revoke', 'no-such-key', '--data-dir', dataDir]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('No active key with id or prefix no-such-key.\n');
  });
});

describe('dubdesk serve', () => {
  let dataDir: string;
  let mediaDir: string;
  let serve: ServeProcess | undefined;

  beforeAll(async () => {
    dataDir = await tempDir('dubdesk-cli-serve-');
    mediaDir = await tempDir('dubdesk-cli-media-');
  });
  afterEach(async () => {
    await stopServe(serve);
    serve = undefined;
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(mediaDir, { recursive: true, force: true });
  });

  it('prints its API and GUI addresses, answers with --api-key, and on SIGTERM exits 0 promptly leaving no service.lock', async () => {
    serve = await startServe(dataDir);
    expect(serve.guiUrl).toMatch(new RegExp(`^${serve.url}/#key=dd_\\S+$`));
    expect(serve.stdout()).toContain(`Data folder: ${dataDir}\n`);
    expect(existsSync(path.join(dataDir, 'service.lock'))).toBe(true);

    expect(await getJson(`${serve.url}/v1/health`, SERVE_KEY)).toEqual({
      status: 200,
      body: { status: 'ok', version: PACKAGE_VERSION, active_tasks: 0 },
    });
    expect((await getJson(`${serve.url}/v1/health`, 'dd_not_a_key')).status).toBe(401);
    const guiKey = new URL(serve.guiUrl).hash.slice('#key='.length);
    expect((await getJson(`${serve.url}/v1/health`, guiKey)).status).toBe(200);

    // An open event stream (the GUI keeps one) must not hold the shutdown up.
    const events = await fetch(`${serve.url}/v1/events?key=${guiKey}`);
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);

    const stoppedAt = Date.now();
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - stoppedAt).toBeLessThan(20_000);
    expect(serve.stdout()).toMatch(/SIGTERM: finishing up .*\nDubDesk stopped\.\n$/);
    expect(existsSync(path.join(dataDir, 'service.lock'))).toBe(false);
    await events.body?.cancel().catch(() => {});

    // The GUI's key lives only as long as the service.
    expect((await dubdesk(['keys', 'list', '--data-dir', dataDir])).stdout).toMatch(/ GUI session .* REVOKED /);
  });

  it('accepts a key made with `keys create` while it runs, and refuses it once revoked', async () => {
    serve = await startServe(dataDir);
    const created = await dubdesk(['keys', 'create', '--name', 'live', '--data-dir', dataDir]);
    expect(created.code).toBe(0);
    const key = created.stdout.trim();
    expect(await getJson(`${serve.url}/v1/health`, key)).toMatchObject({ status: 200, body: { status: 'ok' } });

    expect((await dubdesk(['keys', 'revoke', key.slice(0, 8), '--data-dir', dataDir])).code).toBe(0);
    expect(await getJson(`${serve.url}/v1/health`, key)).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
  });

  it('refuses a second serve on the same data folder while the first runs, and leaves the first running', async () => {
    serve = await startServe(dataDir);
    const second = await dubdesk(['serve', '--port', '0', '--data-dir', dataDir, '--api-key', SERVE_KEY]);
    expect(second.code).not.toBe(0);
    expect(second.stderr).toContain(
      `DubDesk is already running on the data folder ${dataDir} (process ${serve.child.pid})`,
    );
    expect(second.stdout).not.toContain('listening');
    expect(readDataDirLock(path.join(dataDir, 'service.lock'))?.pid).toBe(serve.child.pid);
    expect((await getJson(`${serve.url}/v1/health`, SERVE_KEY)).status).toBe(200);
  });

  it('`tasks` says "No tasks in <folder>." on a fresh folder and lists a task created through the running service', async () => {
    const freshDir = await tempDir('dubdesk-cli-tasks-');
    try {
      serve = await startServe(freshDir);
      const empty = await dubdesk(['tasks', '--data-dir', freshDir]);
      expect(empty).toEqual({ code: 0, stdout: `No tasks in ${freshDir}.\n`, stderr: '' });

      const video = await makeVideo(mediaDir, { name: 'interview.mp4' });
      const response = await fetch(`${serve.url}/v1/video_generation`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SERVE_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          reference_file_url: pathToFileURL(video).href,
          model: 'standard_v1',
          reference_file_type: 'video',
        }),
      });
      expect(response.status).toBe(200);
      const { task_id: taskId } = (await response.json()) as { task_id: string };
      // The test pattern has no face, so the lip-sync ends failed (no_face_detected); waiting makes the listed status certain.
      const deadline = Date.now() + 30_000;
      let status = '';
      while (status !== 'failed' && Date.now() < deadline) {
        status = (await getJson(`${serve.url}/v1/video_generation/${taskId}`, SERVE_KEY)).body.status;
        if (status !== 'failed') await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe('failed');

      const listed = await dubdesk(['tasks', '--data-dir', freshDir]);
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(
        new RegExp(
          `^${taskId} {2}lipsync +failed +\\d+% {2}\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d {2}interview\\.mp4 {2}no_face_detected: .+\\n$`,
        ),
      );
      expect((await dubdesk(['tasks', '--status', 'done', '--data-dir', freshDir])).stdout).toBe(
        `No tasks in ${freshDir}.\n`,
      );
    } finally {
      await stopServe(serve);
      await fs.rm(freshDir, { recursive: true, force: true });
    }
  });
});

describe('dubdesk webhook-secret', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await tempDir('dubdesk-cli-secret-');
  });
  afterEach(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('prints the same generated secret on every call, and DUBDESK_WEBHOOK_SECRET overrides it', async () => {
    const first = await dubdesk(['webhook-secret', '--data-dir', dataDir]);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^\S{16,}\n$/);
    expect(await dubdesk(['webhook-secret', '--data-dir', dataDir])).toEqual(first);

    const overridden = await dubdesk(['webhook-secret', '--data-dir', dataDir], {
      env: { DUBDESK_WEBHOOK_SECRET: 'whsec_from_the_environment' },
    });
    expect(overridden).toEqual({ code: 0, stdout: 'whsec_from_the_environment\n', stderr: '' });
  });
});

describe('dubdesk run', () => {
  let workDir: string;
  beforeAll(async () => {
    workDir = await tempDir('dubdesk-cli-run-');
    await makeVideo(workDir, { name: 'speaker.mp4' });
  });
  afterAll(async () => {
    await fs.rm(workDir, { recursive: true, force: true });
  });

  async function requestFile(name: string, body: Record<string, unknown>): Promise<string> {
    const file = path.join(workDir, name);
    await fs.writeFile(file, JSON.stringify(body));
    return file;
  }

  it("runs a lip-sync request naming its video by relative path, shows progress, and exits 1 with the job's error (no face in a test pattern)", async () => {
    const request = await requestFile('lipsync.json', {
      reference_file_url: 'speaker.mp4',
      model: 'standard_v1',
      reference_file_type: 'video',
    });
    const result = await dubdesk(['run', 'lipsync', request, '--data-dir', path.join(workDir, 'data')]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^task [0-9a-f]+\n/);
    expect(result.stderr).toMatch(/^\[[#.]{30}\] +\d+% {2}processing \(Fetching inputs\)$/m);
    expect(result.stderr).toMatch(/^failed: no_face_detected No face was found in speaker\.mp4/m);
    expect(existsSync(path.join(workDir, 'data', 'service.lock'))).toBe(false);
  });

  it('refuses a request with an unknown field, naming the field, and exits 1', async () => {
    const request = await requestFile('typo.json', {
      reference_file_url: 'speaker.mp4',
      model: 'standard_v1',
      reference_file_type: 'video',
      colour: 'red',
    });
    const result = await dubdesk(['run', 'lipsync', request, '--data-dir', path.join(workDir, 'data')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^invalid_request: .*'colour'/m);
  });

  it('prints its usage and exits 2 without arguments', async () => {
    const result = await dubdesk(['run']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'usage: dubdesk run <lipsync|reusable_lipsync|translate|frame_translate> <request.json>\n',
    );
  });
});

describe('dubdesk models, tasks flags, usage and version', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await tempDir('dubdesk-cli-misc-');
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('`models list` shows the catalogue, nothing installed, with either spelling of --data-dir', async () => {
    for (const flags of [['--data-dir', dataDir], [`--data-dir=${dataDir}`]]) {
      const result = await dubdesk(['models', 'list', ...flags]);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^ID +TASK +STATE +SIZE +COMMERCIAL +TITLE\n/);
      expect(result.stdout).toMatch(/^wav2lip-gan-96 +lipsync +not installed +~\S+ MB +not allowed +Wav2Lip/m);
      expect(result.stdout).toMatch(/^whisper-base +asr +not installed +~/m);
    }
  });

  it('`tasks --limit` with a non-number is a usage error (exit 2)', async () => {
    const result = await dubdesk(['tasks', '--limit', 'ten', '--data-dir', dataDir]);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: "--limit must be a whole number of at least 1, got 'ten'.\n",
    });
  });

  it('an unknown command exits 2 with the usage on stderr', async () => {
    const result = await dubdesk(['transmogrify']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^Unknown command 'transmogrify'\.\n\nDubDesk .*\n\nusage: dubdesk <command> \[options\]\n/,
    );
  });

  it('--version prints the package.json version', async () => {
    expect(await dubdesk(['--version'])).toEqual({ code: 0, stdout: `${PACKAGE_VERSION}\n`, stderr: '' });
  });
});
