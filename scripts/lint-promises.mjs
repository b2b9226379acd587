// `npm run lint:promises`: typescript-eslint's promise rules over the sources and tests (tools/lint/eslint.config.mjs).
// tools/lint has its own install (TypeScript 5 for typescript-eslint, kept apart from the app's TypeScript 7, which a
// shared node_modules would hand it); it is made here on first use from its lockfile.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const lintDir = path.join(root, 'tools', 'lint');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
if (!existsSync(path.join(lintDir, 'node_modules', 'eslint'))) {
  const install = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--loglevel', 'error'], {
    cwd: lintDir,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (install.status !== 0) {
    console.error('[lint:promises] could not install tools/lint (npm ci there needs the npm registry).');
    process.exit(1);
  }
}
const eslint = path.join(lintDir, 'node_modules', 'eslint', 'bin', 'eslint.js');
const result = spawnSync(
  process.execPath,
  [
    eslint,
    '--config',
    path.join(lintDir, 'eslint.config.mjs'),
    '--max-warnings',
    '0',
    'src/**/*.{ts,tsx}',
    'test/**/*.ts',
    'bench/**/*.ts',
    'scripts/**/*.ts',
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
