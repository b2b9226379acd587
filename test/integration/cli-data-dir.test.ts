// The CLI without --data-dir finds the running service's data folder and says which folder it read.
// Every child gets a temp HOME and XDG_CONFIG_HOME, so nothing here reads or writes the real home.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI_ENTRY = path.join(REPO_ROOT, 'src/cli/bin.ts');
const TIMEOUT_MS = 45_000;
const KEY = 'dd_cli_data_dir_test_key_0123456789';

let home: string;
let dataDir: string;
let env: NodeJS.ProcessEnv;

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI_ENTRY, ...args],
      { cwd: REPO_ROOT, env, timeout: TIMEOUT_MS },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number')
          reject(new Error(`dubdesk ${args.join(' ')}: ${error.message}\n${stderr}`));
        else resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
  });
}

async function startServe(): Promise<{
  child: ChildProcess;
  url: string;
  stdout(): string;
  exited: Promise<number | null>;
}> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      CLI_ENTRY,
      'serve',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--api-key',
      KEY,
      '--concurrency',
      '1',
    ],
    { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const listening = /^DubDesk listening on (\S+)$/m.exec(stdout);
    if (listening && /^CLI: .*\n/m.test(stdout)) return { child, url: listening[1]!, stdout: () => stdout, exited };
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`dubdesk serve did not start:\n${stdout}\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-cli-home-'));
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-cli-found-'));
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('DUBDESK_')));
  env = {
    ...inherited,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    APPDATA: path.join(home, 'AppData'),
    INIT_CWD: REPO_ROOT,
  };
});

afterAll(async () => {
  await fs.rm(home, { recursive: true, force: true });
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('the CLI and a running service share one data folder', () => {
  it("serve prints a CLI command that works; tasks, keys and models without --data-dir read the running service's folder and say so; after a clean stop the record is gone", async () => {
    const serve = await startServe();
    const registry = path.join(home, '.config', 'DubDesk', 'running-services');
    try {
      expect(serve.stdout()).toContain(`CLI: ./bin/dubdesk.js tasks --data-dir ${dataDir}\n`);
      expect(readdirSync(registry)).toHaveLength(1);

      // A task whose remote input cannot be fetched: cheap, and it exists in the service's folder only.
      const created = await fetch(`${serve.url}/v1/video_generation`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          reference_file_url: 'http://127.0.0.1:9/talk30.mp4',
          model: 'standard_v1',
          reference_file_type: 'video',
        }),
      });
      expect(created.status).toBe(200);
      const { task_id: taskId } = (await created.json()) as { task_id: string };

      const tasks = await run(['tasks']);
      expect(tasks.code).toBe(0);
      expect(tasks.stdout).toContain(taskId);
      expect(tasks.stderr).toBe(`Data folder: ${dataDir} (the running service's, ${serve.url})\n`);

      // The exact line serve printed works too.
      const printed = /^CLI: \.\/bin\/dubdesk\.js (.*)$/m.exec(serve.stdout())![1]!.split(' ');
      expect((await run(printed)).stdout).toContain(taskId);

      const keys = await run(['keys', 'list']);
      expect(keys.code).toBe(0);
      expect(keys.stderr).toContain(`Data folder: ${dataDir} (the running service's`);
      expect((await run(['models', 'list'])).stderr).toContain(`Data folder: ${dataDir} (the running service's`);
    } finally {
      serve.child.kill('SIGTERM');
      await serve.exited;
    }
    expect(existsSync(registry) ? readdirSync(registry) : []).toEqual([]);

    const defaultDir = path.join(home, '.config', 'DubDesk');
    const after = await run(['tasks']);
    expect(after.stdout).toBe(`No tasks in ${defaultDir}.\n`);
    expect(after.stderr).toBe(`Data folder: ${defaultDir} (the default; no DubDesk service is running)\n`);
  }, 120_000);
});
