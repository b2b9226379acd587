// The API fuzz's two safety nets: its requests name only loopback and its temp folder, and the process refuses other hosts.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkRequestIsLoopbackOnly } from '../fixtures/fuzz/loopback-check.js';
import { installNetworkGuard, type NetworkGuard } from '../fixtures/fuzz/network-guard.js';

const TEMP = '/tmp/dubdesk-fuzz-test';
const request = (body: unknown, path = '/v1/media/translate') => ({
  path,
  headers: { host: '127.0.0.1:7860' },
  body: Buffer.from(JSON.stringify(body)),
});

describe('checkRequestIsLoopbackOnly', () => {
  it('passes loopback URLs, files inside the temp folder and strings that are no URL', () => {
    expect(() =>
      checkRequestIsLoopbackOnly(
        request({
          media_url: 'http://127.0.0.1:9/junk.mp4',
          subtitle_url: `file://${TEMP}/speech.srt`,
          callback_url: '../../etc/passwd',
          user_prompt: 'a'.repeat(100_000),
        }),
        TEMP,
      ),
    ).not.toThrow();
  });

  it('refuses a URL to another host, even JSON-escaped or behind userinfo', () => {
    expect(() => checkRequestIsLoopbackOnly(request({ media_url: 'https://example.com/a.mp4' }), TEMP)).toThrow(
      /non-loopback/,
    );
    expect(() =>
      checkRequestIsLoopbackOnly(
        { ...request({}), body: Buffer.from('{"media_url":"http:\\/\\/example.com\\/a"}') },
        TEMP,
      ),
    ).toThrow(/non-loopback/);
    expect(() =>
      checkRequestIsLoopbackOnly(request({ callback_url: 'http://127.0.0.1:80@example.com/' }), TEMP),
    ).toThrow(/non-loopback/);
    expect(() => checkRequestIsLoopbackOnly(request({}, '/v1/events?key=http://example.com'), TEMP)).toThrow(
      /non-loopback/,
    );
  });

  it('refuses files and model sources outside the temp folder', () => {
    expect(() => checkRequestIsLoopbackOnly(request({ media_url: 'file:///etc/passwd' }), TEMP)).toThrow(
      /outside the temp folder/,
    );
    expect(() => checkRequestIsLoopbackOnly(request({ media_url: `file://${TEMP}/../../etc/passwd` }), TEMP)).toThrow(
      /outside the temp folder/,
    );
    expect(() =>
      checkRequestIsLoopbackOnly(request({ id: 'whisper-base', source_path: '/etc/passwd' }, '/v1/models'), TEMP),
    ).toThrow(/source_path/);
  });
});

describe('installNetworkGuard', () => {
  let guard: NetworkGuard | undefined;
  afterEach(() => guard?.uninstall());

  it('refuses a connection to another host before any packet leaves, and lets loopback through', async () => {
    guard = installNetworkGuard();
    // 192.0.2.1 is a documentation address; the socket is destroyed before Node's deferred connect could run.
    const outside = new net.Socket();
    outside.on('error', () => {});
    outside.connect({ host: '192.0.2.1', port: 9 });
    const refusedAtOnce = [...guard.refused];
    outside.destroy();
    expect(refusedAtOnce).toEqual(['192.0.2.1']);

    const server = net.createServer((socket) => socket.end('hi'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    await new Promise((resolve) => server.close(resolve));
    expect(reply).toBe('hi');
    expect(guard.refused).toEqual(['192.0.2.1']);
  });
});
