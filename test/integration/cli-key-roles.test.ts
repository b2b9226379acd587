// Key roles and an open bind as the CLI user meets them: `dubdesk` run as a child process over a temp data folder.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI_ENTRY = path.join(REPO_ROOT, 'src/cli/bin.ts');
// Generous: a loaded 2-core machine needs seconds just to load tsx.
const COMMAND_TIMEOUT_MS = 45_000;

/** Runs `dubdesk <args>` to completion without any DUBDESK_* setting of the test runner. */
function dubdesk(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('DUBDESK_')));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI_ENTRY, ...args],
      { cwd: REPO_ROOT, env, timeout: COMMAND_TIMEOUT_MS },
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

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-cli-roles-'));
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('dubdesk keys --role', () => {
  it(
    'creates a jobs key by default and an admin key with --role admin; list shows each role',
    async () => {
      const jobs = await dubdesk(['keys', 'create', '--name', 'render', '--data-dir', dataDir]);
      expect(jobs.code).toBe(0);
      const admin = await dubdesk(['keys', 'create', '--role', 'admin', '--name', 'ops', '--data-dir', dataDir]);
      expect(admin.code).toBe(0);
      const list = (await dubdesk(['keys', 'list', '--data-dir', dataDir])).stdout;
      expect(list).toMatch(/ render +created .* role jobs/);
      expect(list).toMatch(/ ops +created .* role admin/);
    },
    2 * COMMAND_TIMEOUT_MS,
  );

  it(
    'refuses an unknown role as a usage error (exit 2) naming the roles',
    async () => {
      const result = await dubdesk(['keys', 'create', '--role', 'root', '--data-dir', dataDir]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("--role must be one of admin, jobs, got 'root'.");
    },
    COMMAND_TIMEOUT_MS,
  );
});

describe('dubdesk serve --host 0.0.0.0', () => {
  it(
    'refuses to start without a key, exit 1, saying how to give one',
    async () => {
      const result = await dubdesk(['serve', '--host', '0.0.0.0', '--port', '0', '--data-dir', dataDir]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /Refusing to listen on 0\.0\.0\.0 without an API key.*--api-key <key> \(DUBDESK_API_KEY\).*dubdesk keys create/,
      );
      expect(result.stdout).not.toContain('DubDesk listening');
    },
    COMMAND_TIMEOUT_MS,
  );
});
