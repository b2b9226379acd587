// `dubdesk worker` and `serve --workers`: what a user mistypes is answered with what to give instead, before anything starts.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { parseKinds } from '../../src/cli/commands/worker.js';

async function cli(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ code: number; err: string }> {
  const saved = {
    DUBDESK_DATABASE_URL: process.env.DUBDESK_DATABASE_URL,
    DUBDESK_STORAGE: process.env.DUBDESK_STORAGE,
  };
  Object.assign(process.env, { DUBDESK_DATABASE_URL: '', DUBDESK_STORAGE: '', ...env });
  const out = new PassThrough();
  const err = new PassThrough();
  let text = '';
  err.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  try {
    const code = await main(args, out, err);
    return { code, err: text };
  } finally {
    Object.assign(process.env, saved);
    for (const [key, value] of Object.entries(saved)) if (value === undefined) delete process.env[key];
  }
}

describe('dubdesk worker options', () => {
  it('takes known kinds, each once, and names the unknown ones', () => {
    expect(parseKinds(undefined)).toBeUndefined();
    expect(parseKinds('lipsync, translate,lipsync')).toEqual(['lipsync', 'translate']);
    expect(() => parseKinds('lipsync,dubbing')).toThrow(/--kinds: unknown kind 'dubbing'; the kinds are .*lipsync/);
    expect(() => parseKinds(',')).toThrow('--kinds needs at least one kind');
  });

  it('needs a shared database and shared storage, and says how to give them', async () => {
    expect(await cli(['worker'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('give --database postgres://'),
    });
    expect(await cli(['worker', '--database', 'postgres://dubdesk@127.0.0.1:1/none'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('give --storage s3://bucket/prefix or a shared folder'),
    });
    expect(await cli(['worker', '--database', 'sqlite.db', '--storage', '/tmp'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('--database must be a postgres:// URL'),
    });
    expect(
      await cli(['worker', '--kinds', 'nope'], {
        DUBDESK_DATABASE_URL: 'postgres://x@127.0.0.1:1/none',
        DUBDESK_STORAGE: '/tmp',
      }),
    ).toMatchObject({ code: 2, err: expect.stringContaining("unknown kind 'nope'") });
  });

  it('runs a service with no workers only where workers elsewhere share its database', async () => {
    expect(await cli(['serve', '--workers', '0'])).toMatchObject({
      code: 2,
      err: expect.stringContaining(
        '--workers 0 runs no jobs here, which needs workers elsewhere: only with --database',
      ),
    });
    expect(await cli(['serve', '--workers', '1', '--concurrency', '2'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('--workers and --concurrency say the same thing'),
    });
  });
});
