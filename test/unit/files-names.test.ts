import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/main/files/byte-size.js';
import {
  contentDisposition,
  decodeHeaderFileName,
  fileNameFromContentDisposition,
  fileNameFromUrl,
  sanitizeFileName,
} from '../../src/main/files/file-names.js';
import { chooseMime, extensionForMime, normalizeMime } from '../../src/main/files/mime-types.js';

describe('sanitizeFileName', () => {
  it('keeps ordinary names, spaces and non-ASCII letters', () => {
    expect(sanitizeFileName('Interview täglich (2).mp4')).toBe('Interview täglich (2).mp4');
  });

  it('drops directories so a name can never leave its folder', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\me\\clip.mov')).toBe('clip.mov');
    expect(sanitizeFileName('..')).toBe('file');
    expect(sanitizeFileName('.')).toBe('file');
  });

  it('replaces characters Windows forbids, control characters, and guards device names', () => {
    expect(sanitizeFileName('a<b>c:d"e|f?g*h\u0001.srt')).toBe('a_b_c_d_e_f_g_h_.srt');
    expect(sanitizeFileName('CON.mp4')).toBe('_CON.mp4');
    expect(sanitizeFileName('  .hidden.  ')).toBe('hidden');
  });

  it('falls back for empty names and shortens long ones keeping the extension', () => {
    expect(sanitizeFileName('', 'upload')).toBe('upload');
    expect(sanitizeFileName(undefined)).toBe('file');
    const long = sanitizeFileName(`${'x'.repeat(500)}.mp4`);
    expect(long.length).toBeLessThanOrEqual(180);
    expect(long.endsWith('.mp4')).toBe(true);
  });

  it('shortens by UTF-8 bytes, not characters, so a long CJK name still fits the file system', () => {
    const cjk = sanitizeFileName(`${'中'.repeat(100)}.mp4`);
    expect(Buffer.byteLength(cjk)).toBeLessThanOrEqual(180);
    expect(cjk).toBe(`${'中'.repeat(58)}.mp4`);
  });
});

describe('file names from servers and headers', () => {
  it('prefers filename* over filename in Content-Disposition', () => {
    expect(fileNameFromContentDisposition(`attachment; filename="fallback.mp4"; filename*=UTF-8''Caf%C3%A9.mp4`)).toBe(
      'Café.mp4',
    );
    expect(fileNameFromContentDisposition('attachment; filename="say \\"hi\\".mp4"')).toBe('say "hi".mp4');
    expect(fileNameFromContentDisposition('inline; filename=plain.wav')).toBe('plain.wav');
    expect(fileNameFromContentDisposition('inline')).toBeNull();
  });

  it('takes the decoded last URL segment', () => {
    expect(fileNameFromUrl('https://cdn.example/v/My%20Clip.webm?x=1')).toBe('My Clip.webm');
    expect(fileNameFromUrl('https://cdn.example/folder/')).toBeNull();
  });

  it('decodes a percent-encoded X-File-Name and keeps an undecodable one as sent', () => {
    expect(decodeHeaderFileName('t%C3%A4glich.mp4')).toBe('täglich.mp4');
    expect(decodeHeaderFileName('100%.mp4')).toBe('100%.mp4');
  });

  it('writes Content-Disposition with an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('attachment', 'Café "1".mp4')).toBe(
      `attachment; filename="Caf_ _1_.mp4"; filename*=UTF-8''Caf%C3%A9%20%221%22.mp4`,
    );
  });
});

describe('content types', () => {
  it('lets a known extension decide over a declared octet-stream and a declared type fill in for unknown ones', () => {
    expect(chooseMime('clip.MP4', 'application/octet-stream')).toBe('video/mp4');
    expect(chooseMime('clip', 'video/webm; codecs=vp9')).toBe('video/webm');
    expect(chooseMime('clip', 'application/octet-stream')).toBe('application/octet-stream');
    expect(chooseMime('clip', 'not a type')).toBe('application/octet-stream');
  });

  it('normalizes declared types and maps types back to extensions', () => {
    expect(normalizeMime('Video/MP4; charset=binary')).toBe('video/mp4');
    expect(normalizeMime('')).toBeNull();
    expect(extensionForMime('audio/wav')).toBe('wav');
    expect(extensionForMime('application/x-unknown')).toBeNull();
  });
});

describe('formatBytes', () => {
  it('says sizes in words', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(900)).toBe('900 bytes');
    expect(formatBytes(1500)).toBe('1.5 kB');
    expect(formatBytes(20 * 1024 ** 3)).toBe('21 GB');
  });
});
