// Size rotation of the log file (logrotate naming, bounded count) and the scrubbing of secrets from log lines.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openRotatingFile } from '../../src/main/logging/rotating-file.js';
import { createServiceLog, scrubSecrets } from '../../src/main/logging/service-log.js';

let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-log-rotation-'));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const write = (stream: NodeJS.WritableStream, text: string) =>
  new Promise<void>((resolve, reject) => stream.write(text, (error) => (error ? reject(error) : resolve())));

describe('openRotatingFile', () => {
  it('starts a new file once the current one reaches the size limit and keeps only the newest rotated files', async () => {
    const log = openRotatingFile({ dir, name: 'service.log', maxBytes: 100, keep: 2 });
    const line = (i: number) => `line ${String(i).padStart(2, '0')} ${'x'.repeat(30)}\n`; // 41 bytes
    for (let i = 0; i < 20; i += 1) await write(log.stream, line(i));
    await log.close();

    expect(fs.readdirSync(dir).sort()).toEqual(['service.log', 'service.log.1', 'service.log.2']);
    // Every file stays within one line of the limit: a write is never split between two files.
    for (const name of fs.readdirSync(dir)) expect(fs.statSync(path.join(dir, name)).size).toBeLessThan(100 + 41);
    const current = fs.readFileSync(path.join(dir, 'service.log'), 'utf8');
    const newestRotated = fs.readFileSync(path.join(dir, 'service.log.1'), 'utf8');
    expect(current.endsWith(line(19))).toBe(true);
    // service.log.1 holds the lines just before the current file's.
    expect(newestRotated.endsWith(line(Number(current.slice(5, 7)) - 1))).toBe(true);
    // The oldest lines were dropped with the files beyond `keep`.
    expect(
      fs
        .readdirSync(dir)
        .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
        .join(''),
    ).not.toContain(line(0));
  });

  it('appends to an existing file below the limit instead of replacing it', async () => {
    fs.writeFileSync(path.join(dir, 'service.log'), 'from an earlier run\n');
    const log = openRotatingFile({ dir, name: 'service.log', maxBytes: 1000, keep: 1 });
    await write(log.stream, 'this run\n');
    await log.close();
    expect(fs.readFileSync(path.join(dir, 'service.log'), 'utf8')).toBe('from an earlier run\nthis run\n');
  });

  it('refuses a limit that is not a positive whole number', () => {
    expect(() => openRotatingFile({ dir, name: 'service.log', maxBytes: 0, keep: 1 })).toThrow(/maxBytes/);
    expect(() => openRotatingFile({ dir, name: 'service.log', maxBytes: 10, keep: 0.5 })).toThrow(/keep/);
  });
});

describe('createServiceLog', () => {
  it('writes pino JSON lines and rotates them by size', async () => {
    const log = createServiceLog({ dir, maxBytes: 400, keep: 3 });
    for (let i = 0; i < 30; i += 1) {
      log.logger.info({ i }, 'a line long enough to fill the small file quickly');
      await new Promise((resolve) => setImmediate(resolve));
    }
    await log.close();
    const names = fs.readdirSync(dir).sort();
    expect(names).toEqual(['service.log', 'service.log.1', 'service.log.2', 'service.log.3']);
    // Oldest first; the current file may be empty right after a rotation.
    const text = ['service.log.3', 'service.log.2', 'service.log.1', 'service.log']
      .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
      .join('');
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.at(-1)).toMatchObject({ level: 30, i: 29, msg: 'a line long enough to fill the small file quickly' });
    expect(typeof lines.at(-1).time).toBe('string');
    // Consecutive lines across the kept files: nothing lost between rotations.
    const kept = lines.map((line) => line.i as number);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, k) => 30 - kept.length + k));
  });

  it('redacts credential fields and scrubs registered secret values from every line', async () => {
    const log = createServiceLog({ dir });
    log.addSecret('whsec_registered_secret_value');
    log.logger.info({ req: { headers: { authorization: 'Bearer abc' } }, webhookSecret: 'whsec_field' }, 'configured');
    log.logger.error({ err: new Error('failed with whsec_registered_secret_value inside') }, 'oops');
    await log.close();
    const text = fs.readFileSync(log.file, 'utf8');
    expect(text).not.toContain('Bearer abc');
    expect(text).not.toContain('whsec_field');
    expect(text).not.toContain('whsec_registered_secret_value');
    expect(text.match(/\[redacted\]/g)?.length).toBeGreaterThanOrEqual(3);
  });
});

describe('scrubSecrets', () => {
  it('removes bearer tokens and key/token/secret query values but keeps the rest of the URL', () => {
    expect(scrubSecrets('"url":"/v1/events?task_id=t1&key=dd_abc123&kind=lipsync"')).toBe(
      '"url":"/v1/events?task_id=t1&key=[redacted]&kind=lipsync"',
    );
    expect(scrubSecrets('/v1/files/f1?token=Pjgi2h0u-3SF&download=1')).toBe('/v1/files/f1?token=[redacted]&download=1');
    expect(scrubSecrets('Authorization: Bearer dd_live_key')).toBe('Authorization: Bearer [redacted]');
    expect(scrubSecrets('monkey=1&keyboard=2')).toBe('monkey=1&keyboard=2');
  });
});
