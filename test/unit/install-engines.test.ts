// `npm ci` must not warn that a dependency wants a newer Node than package.json's engines promise.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

// npm's own range logic (a dependency of the toolchain, untyped): the same judgement npm ci makes.
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};
const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: unknown }>;
};

describe('engines', () => {
  it("every locked package accepts the oldest Node that package.json's engines allow", () => {
    const oldest = semver.minVersion(pkg.engines.node)!.version;
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => typeof (entry.engines as { node?: unknown } | undefined)?.node === 'string')
      .filter(([, entry]) => !semver.satisfies(oldest, (entry.engines as { node: string }).node))
      .map(([name, entry]) => `${name}@${entry.version} wants node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });

  it("fastify's inject (light-my-request) sends cookies with the overridden cookie@1", async () => {
    const app = Fastify();
    app.get('/', async (request) => ({ cookie: request.headers.cookie ?? null }));
    const response = await app.inject({ method: 'GET', url: '/', cookies: { session: 'a b', other: 'x' } });
    expect(response.json()).toEqual({ cookie: 'session=a%20b; other=x' });
    await app.close();
  });
});
