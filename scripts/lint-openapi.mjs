// `npm run lint:api`: Redocly CLI's recommended rules on the checked-in docs/openapi.json; any warning fails.
// Telemetry and the update check are off: the lint must not reach the network (tests send traffic only to loopback).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const result = spawnSync(
  process.execPath,
  [cli, 'lint', 'docs/openapi.json', '--config', 'redocly.yaml', '--max-problems', '1000'],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
// Its Node 20 end-of-life banner is noise here; the verdict and every problem are kept.
const output = `${result.stdout}${result.stderr}`
  .split('\n')
  .filter((line) => !/[║╔╚]/.test(line))
  .join('\n')
  .trim();
console.log(output);
const warned = /\d+ warnings?/.test(output) && !/ 0 warnings/.test(output);
process.exit(result.status !== 0 || warned ? 1 : 0);
