import { describe, expect, it } from 'vitest';
import { classifyInputUrl } from '../../src/main/files/input-url.js';

const baseUrl = 'http://127.0.0.1:7860';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

describe('classifyInputUrl', () => {
  it("recognizes this service's own file URLs as uploads, token or not", () => {
    expect(classifyInputUrl(`${baseUrl}/v1/files/abc123?token=xyz`, { baseUrl })).toEqual({
      kind: 'upload',
      fileId: 'abc123',
    });
    expect(classifyInputUrl(`${baseUrl}/v1/files/abc123`, { baseUrl })).toEqual({ kind: 'upload', fileId: 'abc123' });
  });

  it('treats localhost and 127.0.0.1 on the same port as the same service', () => {
    expect(classifyInputUrl('http://localhost:7860/v1/files/f9', { baseUrl })).toEqual({
      kind: 'upload',
      fileId: 'f9',
    });
    expect(classifyInputUrl('http://127.0.0.1:7860/v1/files/f9', { baseUrl: 'http://localhost:7860' })).toEqual({
      kind: 'upload',
      fileId: 'f9',
    });
  });

  it('recognizes a file URL this installation signed as an upload whatever address it names, and no other', () => {
    const ownsFileUrl = (fileId: string, token: string | null) => fileId === 'f9' && token === 'signed-for-f9';
    // Another service on the shared database, or the one this data was moved from.
    expect(
      classifyInputUrl('http://other-host:9000/v1/files/f9?token=signed-for-f9', { baseUrl, ownsFileUrl }),
    ).toEqual({ kind: 'upload', fileId: 'f9' });
    expect(classifyInputUrl('http://other-host:9000/v1/files/f9?token=forged', { baseUrl, ownsFileUrl })).toEqual({
      kind: 'remote',
      url: 'http://other-host:9000/v1/files/f9?token=forged',
    });
    expect(
      classifyInputUrl('http://other-host:9000/v1/files/f10?token=signed-for-f9', { baseUrl, ownsFileUrl }),
    ).toEqual({ kind: 'remote', url: 'http://other-host:9000/v1/files/f10?token=signed-for-f9' });
  });

  it('treats another port or host as a remote download', () => {
    expect(classifyInputUrl('http://127.0.0.1:9000/v1/files/f9', { baseUrl })).toEqual({
      kind: 'remote',
      url: 'http://127.0.0.1:9000/v1/files/f9',
    });
    expect(classifyInputUrl('https://cdn.example.com/a%20b.mp4', { baseUrl })).toEqual({
      kind: 'remote',
      url: 'https://cdn.example.com/a%20b.mp4',
    });
  });

  it('refuses a URL of this service that is not a file', () => {
    expect(codeOf(() => classifyInputUrl(`${baseUrl}/v1/tasks/abc`, { baseUrl }))).toBe('invalid_request');
    expect(codeOf(() => classifyInputUrl(`${baseUrl}/v1/files/../keys`, { baseUrl }))).toBe('invalid_request');
  });

  it('decodes absolute file:// URLs to local paths', () => {
    expect(classifyInputUrl('file:///home/me/My%20Clip.mp4', { baseUrl })).toEqual({
      kind: 'local',
      path: '/home/me/My Clip.mp4',
    });
    expect(classifyInputUrl('file://localhost/tmp/a.wav', { baseUrl })).toEqual({ kind: 'local', path: '/tmp/a.wav' });
  });

  it('refuses relative and remote-host file URLs', () => {
    expect(codeOf(() => classifyInputUrl('file:clip.mp4', { baseUrl }))).toBe('invalid_request');
    expect(codeOf(() => classifyInputUrl('file://fileserver/share/clip.mp4', { baseUrl }))).toBe('invalid_request');
  });

  it('refuses other schemes and text that is not a URL, naming the field', () => {
    expect(() => classifyInputUrl('ftp://example.com/a.mp4', { baseUrl, field: 'video_url' })).toThrow(
      /'video_url'.*ftp URLs are not supported/,
    );
    expect(codeOf(() => classifyInputUrl('data:video/mp4;base64,AAAA', { baseUrl }))).toBe('invalid_request');
    expect(() => classifyInputUrl('not a url', { baseUrl, field: 'audio_url' })).toThrow(
      /'audio_url' is not a valid URL/,
    );
  });
});
