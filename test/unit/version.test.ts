import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { DUBDESK_VERSION } from '../../src/shared/version.js';

it('reports the version package.json declares', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  expect(DUBDESK_VERSION).toBe(pkg.version);
});
