// What `npm start` leaves behind when it is killed, and what a killed service leaves behind: nothing.
// The launcher (scripts/start.mjs) runs as a user starts it, in its own process group like a shell job,
// over a fresh build of the working tree; signals are real, and so are the ffmpeg children.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/main/config.js';
import { acquireDataDirLock, readDataDirLock } from '../../src/main/store/data-dir-lock.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
const START_TIMEOUT_MS = 60_000;

/** Running and not a zombie: a killed child stays in the process table until its new parent reaps it. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

/** Resolves with the time it took `pid` to go; throws if it is still there after `limitMs`. */
async function gone(pid: number, limitMs: number): Promise<number> {
  const start = Date.now();
  while (alive(pid)) {
    if (Date.now() - start > limitMs) throw new Error(`process ${pid} is still running ${limitMs} ms later`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - start;
}

function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('DUBDESK_')));
}

interface Launched {
  launcher: ChildProcess;
  /** Its process group: the launcher leads it, as a shell makes a job's first process do. */
  pgid: number;
  servicePid: number;
  url: string;
  output(): string;
  /** The launcher exited and everything that shared its stdout (the service) has closed it. */
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: Launched[] = [];

/**
 * `node scripts/start.mjs --headless --port 0 --data-dir <dir>`, resolved once the service has printed its
 * start lines. `terminal`: inside a real pseudo-terminal (util-linux `script`), as a user's shell runs it,
 * so writing ^C to `launcher.stdin` is a real Ctrl+C.
 */
async function launch(root: string, dataDir: string, options: { terminal?: boolean } = {}): Promise<Launched> {
  const args = [path.join(root, 'scripts', 'start.mjs'), '--headless', '--port', '0', '--data-dir', dataDir];
  const launcher = options.terminal
    ? spawn(
        'script',
        ['-qefc', `exec ${[process.execPath, ...args].map((arg) => `'${arg}'`).join(' ')}`, '/dev/null'],
        {
          cwd: root,
          env: cleanEnv(),
          detached: true,
          stdio: ['pipe', 'pipe', 'pipe'],
        },
      )
    : spawn(process.execPath, args, { cwd: root, env: cleanEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  // A terminal ends its lines with \r\n.
  const collect = (chunk: string) => {
    output += chunk.replace(/\r\n/g, '\n');
  };
  launcher.stdout!.setEncoding('utf8').on('data', collect);
  launcher.stderr!.setEncoding('utf8').on('data', collect);
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    launcher.once('close', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const listening = /^DubDesk listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output);
    if (listening && /^Data folder: .*\n/m.test(output)) {
      const servicePid = readDataDirLock(dataPaths(dataDir).lockFile)?.pid;
      if (!servicePid || servicePid === launcher.pid)
        throw new Error(`the lock names no service process: ${servicePid}`);
      const run = { launcher, pgid: launcher.pid!, servicePid, url: listening[1]!, output: () => output, closed };
      started.push(run);
      return run;
    }
    if (launcher.exitCode !== null || Date.now() > deadline) {
      try {
        process.kill(-launcher.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
      throw new Error(`npm start did not start the service:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function listenOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    server.listen({ host: '127.0.0.1', port }, () => server.close(() => resolve('free')));
  });
}

describe('npm start (scripts/start.mjs) and the service behind it', () => {
  let root: string;
  let dataDir: string;

  beforeAll(() => {
    // A build of the working tree laid out like the checkout (scripts/ beside out/), inside the repository
    // (an ignored folder) so bundled imports resolve from node_modules, and apart from the shared out/.
    mkdirSync(path.join(REPO_ROOT, '.vite'), { recursive: true });
    root = mkdtempSync(path.join(REPO_ROOT, '.vite', 'lifecycle-test-'));
    mkdirSync(path.join(root, 'scripts'));
    copyFileSync(path.join(REPO_ROOT, 'scripts', 'start.mjs'), path.join(root, 'scripts', 'start.mjs'));
    const electronVite = path.join(REPO_ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
    const build = spawnSync(process.execPath, [electronVite, 'build', '--outDir', path.join(root, 'out')], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 280_000,
    });
    if (build.status !== 0) throw new Error(`electron-vite build failed:\n${build.stdout}\n${build.stderr}`);
  }, 300_000);

  afterEach(() => {
    dataDir && rmSync(dataDir, { recursive: true, force: true });
    for (const run of started.splice(0)) {
      for (const pid of [-run.pgid, run.servicePid]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone, as it should be.
        }
      }
    }
  });

  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const freshDataDir = () => (dataDir = mkdtempSync(path.join(os.tmpdir(), 'dubdesk-lifecycle-')));

  it('stops the service gracefully when the launcher alone is killed with SIGKILL, so the next start works', async () => {
    const folder = freshDataDir();
    const first = await launch(root, folder);
    process.kill(first.launcher.pid!, 'SIGKILL');
    await gone(first.servicePid, 20_000);
    await first.closed;
    expect(first.output()).toMatch(/The launcher exited: finishing up .*\n(.*\n)*DubDesk stopped\.\n/);

    const second = await launch(root, folder);
    expect(second.servicePid).not.toBe(first.servicePid);
    process.kill(-second.pgid, 'SIGINT');
    expect((await second.closed).code).toBe(0);
  }, 120_000);

  it('leaves nothing behind when its whole process group is killed with SIGKILL: the port is free and the lock can be taken', async () => {
    const folder = freshDataDir();
    const run = await launch(root, folder);
    const port = Number(new URL(run.url).port);
    process.kill(-run.pgid, 'SIGKILL');
    await gone(run.servicePid, 5_000);
    // A process's last threads may still be closing its sockets a moment after it shows as a zombie.
    const deadline = Date.now() + 2_000;
    let outcome = await listenOutcome(port);
    while (outcome !== 'free' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      outcome = await listenOutcome(port);
    }
    expect(outcome).toBe('free');
    const release = acquireDataDirLock(dataPaths(folder).lockFile);
    expect(readDataDirLock(dataPaths(folder).lockFile)?.pid).toBe(process.pid);
    release();
  }, 120_000);

  it.runIf(process.platform === 'linux')(
    'delivers a Ctrl+C in its terminal to the service exactly once, which finishes up and exits 0',
    async () => {
      const run = await launch(root, freshDataDir(), { terminal: true });
      run.launcher.stdin!.write('\x03');
      expect(await run.closed).toEqual({ code: 0, signal: null });
      expect(run.output().match(/finishing up/g)).toEqual(['finishing up']);
      expect(run.output()).toContain('SIGINT: finishing up (running jobs resume at the next start)...\n');
      expect(run.output()).not.toContain('already stopping');
      expect(run.output()).toMatch(/DubDesk stopped\.\n$/);
      expect(alive(run.servicePid)).toBe(false);
    },
    120_000,
  );

  it('passes a SIGINT sent to the launcher alone (no terminal) on to the service, once', async () => {
    const run = await launch(root, freshDataDir());
    run.launcher.kill('SIGINT');
    expect(await run.closed).toEqual({ code: 0, signal: null });
    expect(run.output().match(/finishing up/g)).toEqual(['finishing up']);
    expect(run.output()).toContain('SIGINT: finishing up');
    expect(alive(run.servicePid)).toBe(false);
  }, 120_000);

  it('answers a second signal during shutdown with "already stopping" and still drains, exits 0 and releases the lock', async () => {
    const folder = freshDataDir();
    const run = await launch(root, folder);
    // Held stopped while both arrive, so the second lands during the shutdown the first starts. Two
    // different signals, so the kernel cannot merge them; SIGHUP is what a closing terminal sends.
    process.kill(run.servicePid, 'SIGSTOP');
    process.kill(run.servicePid, 'SIGTERM');
    process.kill(run.servicePid, 'SIGHUP');
    process.kill(run.servicePid, 'SIGCONT');
    expect(await run.closed).toEqual({ code: 0, signal: null });
    expect(run.output().match(/: finishing up/g)).toHaveLength(1);
    expect(run.output().match(/^SIG(TERM|HUP): already stopping, please wait\.\.\.$/gm), run.output()).toHaveLength(1);
    expect(run.output()).toContain('DubDesk stopped.\n');
    expect(readDataDirLock(dataPaths(folder).lockFile)).toBeUndefined();
  }, 120_000);
});

describe('an external binary run by the service', () => {
  let dir: string;
  let host: ChildProcess | undefined;
  let ffmpegPid: number | undefined;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dubdesk-child-lifetime-'));
  });

  afterAll(() => {
    for (const pid of [host?.pid, ffmpegPid]) {
      try {
        if (pid) process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone, as it should be.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(process.platform === 'linux')(
    'dies within half a second when the process that ran it is killed with SIGKILL',
    async () => {
      host = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(REPO_ROOT, 'test', 'fixtures', 'ffmpeg-child-host.ts'),
          path.join(dir, 'encode.mp4'),
        ],
        {
          cwd: REPO_ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      host.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
      });
      host.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
      });
      const deadline = Date.now() + START_TIMEOUT_MS;
      while (!/^ffmpeg pid (\d+)$/m.test(output)) {
        if (host.exitCode !== null || Date.now() > deadline) throw new Error(`ffmpeg did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      ffmpegPid = Number(/^ffmpeg pid (\d+)$/m.exec(output)![1]);
      // Encoding, not just starting: the paced encode would run for a minute.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(alive(ffmpegPid)).toBe(true);

      host.kill('SIGKILL');
      expect(await gone(ffmpegPid, 500)).toBeLessThanOrEqual(500);
    },
    90_000,
  );
});
