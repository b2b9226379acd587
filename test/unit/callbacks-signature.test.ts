import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSignatureHeader, signPayload, verifySignature } from '../../src/main/queue/callbacks/signature.js';

const secret = 'whsec_test';
const body = '{"task_id":"t1","status":"done","progress":1}';
const t = 1_760_000_000;
const atT = t * 1000;

describe('webhook signature', () => {
  it('is t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(signPayload(secret, body, t)).toBe(`t=${t},v1=${expected}`);
  });

  it('verifies with the same secret and body, from a string or the raw bytes', () => {
    const header = signPayload(secret, body, t);
    expect(verifySignature(secret, header, body, { now: atT })).toBe(true);
    expect(verifySignature(secret, header, Buffer.from(body), { now: atT })).toBe(true);
  });

  it('fails with a wrong secret, a changed body or a changed timestamp', () => {
    const header = signPayload(secret, body, t);
    expect(verifySignature('whsec_other', header, body, { now: atT })).toBe(false);
    expect(verifySignature(secret, header, body.replace('done', 'failed'), { now: atT })).toBe(false);
    expect(verifySignature(secret, header.replace(`t=${t}`, `t=${t + 1}`), body, { now: atT })).toBe(false);
  });

  it('fails outside the tolerance window and passes inside it', () => {
    const header = signPayload(secret, body, t);
    expect(verifySignature(secret, header, body, { now: atT + 301_000 })).toBe(false);
    expect(verifySignature(secret, header, body, { now: atT - 301_000 })).toBe(false);
    expect(verifySignature(secret, header, body, { now: atT + 299_000 })).toBe(true);
    expect(verifySignature(secret, header, body, { now: atT + 599_000, toleranceSec: 600 })).toBe(true);
  });

  it('rejects missing and malformed headers instead of throwing', () => {
    for (const header of [
      undefined,
      null,
      '',
      'garbage',
      `t=${t}`,
      'v1=abc',
      `t=x,v1=${'a'.repeat(64)}`,
      `t=${t},v1=zz`,
    ]) {
      expect(verifySignature(secret, header, body, { now: atT })).toBe(false);
    }
  });

  it('accepts a header carrying several v1 signatures when one matches (secret rotation)', () => {
    const good = signPayload(secret, body, t).split(',')[1];
    const stale = signPayload('whsec_old', body, t).split(',')[1];
    const header = `t=${t},${stale},${good}`;
    expect(parseSignatureHeader(header)?.v1).toHaveLength(2);
    expect(verifySignature(secret, header, body, { now: atT })).toBe(true);
    expect(verifySignature('whsec_third', header, body, { now: atT })).toBe(false);
  });
});
