// The one list of formats (src/shared/media-formats.ts): sniffed by content, confirmed by ffprobe's reading, and the
// same list in the GUI's picker and drop zone, the request schemas and docs/api.md.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { probeEnvironment, type MediaInfo } from '../../src/main/media/probe.js';
import { confirmedType } from '../../src/main/media/probe-format.js';
import { SNIFF_BYTES, sniffBytes, typeOf } from '../../src/main/media/sniff.js';
import { AUDIO_TYPES, VIDEO_TYPES } from '../../src/main/requests/intake-checks.js';
import { checkNameExtension } from '../../src/main/requests/input-checks.js';
import {
  ACCEPTED_FILES,
  ACCEPTED_FORMATS_TEXT,
  classifyFile,
} from '../../src/renderer/src/features/create/file-kinds.js';
import { extensionsOf, MEDIA_FORMATS } from '../../src/shared/media-formats.js';
import {
  FrameTranslateRequestSchema,
  LipsyncRequestSchema,
  ReusableLipsyncRequestSchema,
  TranslateRequestSchema,
} from '../../src/shared/schemas/jobs.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');
const padded = (head: Buffer, length = 64): Buffer =>
  Buffer.concat([head, Buffer.alloc(Math.max(0, length - head.length))]);
const ftyp = (brand: string): Buffer =>
  padded(Buffer.concat([Buffer.from([0, 0, 0, 24]), ascii('ftyp'), ascii(brand), Buffer.from([0, 0, 2, 0])]));

/** An Ogg page whose first packet (one segment) is `packet`. */
const oggPage = (packet: Buffer): Buffer =>
  padded(Buffer.concat([ascii('OggS'), Buffer.alloc(22), Buffer.from([1, packet.length]), packet]), 128);

/** ADTS frames of `length` bytes each (AAC LC, 44.1 kHz, no CRC), back to back. */
function adtsFrames(length: number, count = 3): Buffer {
  const frame = Buffer.alloc(length);
  Buffer.from([0xff, 0xf1, 0x50, 0x80 | (length >> 11), (length >> 3) & 0xff, ((length & 7) << 5) | 0x1f, 0xfc]).copy(
    frame,
  );
  return Buffer.concat(Array(count).fill(frame));
}

/** `count` transport packets of `size` bytes with the sync byte at `syncAt`. */
function tsPackets(size: number, syncAt: number, count = SNIFF_BYTES / size): Buffer {
  const bytes = Buffer.alloc(size * Math.floor(count));
  for (let at = syncAt; at < bytes.length; at += size) bytes[at] = 0x47;
  return bytes;
}

const id3 = (then: Buffer): Buffer =>
  Buffer.concat([ascii('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 20]), Buffer.alloc(20), then]);

describe('sniffBytes on the formats people have', () => {
  it('tells FLAC, Ogg Vorbis and Opus by content, and refuses other Ogg streams', () => {
    expect(sniffBytes(padded(ascii('fLaC\x00\x00\x00\x22')))).toEqual({
      ext: 'flac',
      category: 'audio',
      mime: 'audio/flac',
    });
    expect(sniffBytes(oggPage(ascii('\x01vorbis\x00\x00\x00\x00')))?.ext).toBe('ogg');
    expect(sniffBytes(oggPage(ascii('OpusHead\x01\x02')))).toEqual({
      ext: 'opus',
      category: 'audio',
      mime: 'audio/opus',
    });
    expect(sniffBytes(oggPage(ascii('\x80theora\x03\x02')))).toBeNull();
  });

  it('takes ADTS AAC only when a second frame starts where the first ends', () => {
    expect(sniffBytes(adtsFrames(371))).toEqual({ ext: 'aac', category: 'audio', mime: 'audio/aac' });
    const broken = adtsFrames(371);
    broken[371] = 0x12;
    expect(sniffBytes(broken)).toBeNull();
  });

  it('looks past an ID3 tag: FLAC and AAC files carry them too', () => {
    expect(sniffBytes(id3(padded(ascii('fLaC'))))?.ext).toBe('flac');
    expect(sniffBytes(id3(adtsFrames(300))))?.toMatchObject({ ext: 'aac' });
    expect(sniffBytes(id3(Buffer.alloc(64)))?.ext).toBe('mp3');
  });

  it('tells MPEG program streams, transport streams and M2TS', () => {
    expect(sniffBytes(padded(Buffer.from([0x00, 0x00, 0x01, 0xba, 0x44])))).toEqual({
      ext: 'mpg',
      category: 'video',
      mime: 'video/mpeg',
    });
    expect(sniffBytes(tsPackets(188, 0))).toEqual({ ext: 'ts', category: 'video', mime: 'video/mp2t' });
    expect(sniffBytes(tsPackets(192, 4))?.ext).toBe('mts');
    // Two packets could be chance; and one sync byte out of place is not a transport stream.
    expect(sniffBytes(tsPackets(188, 0, 2))).toBeNull();
    const broken = tsPackets(188, 0);
    broken[188 * 5] = 0;
    expect(sniffBytes(broken)).toBeNull();
  });

  it('tells FLV, M4V and 3GP', () => {
    expect(sniffBytes(padded(Buffer.from([0x46, 0x4c, 0x56, 0x01, 0x05, 0, 0, 0, 9]))))?.toMatchObject({ ext: 'flv' });
    expect(sniffBytes(padded(Buffer.from([0x46, 0x4c, 0x56, 0x01, 0xff]))))?.toBeNull();
    expect(sniffBytes(ftyp('M4V '))?.ext).toBe('m4v');
    expect(sniffBytes(ftyp('3gp4'))?.ext).toBe('3gp');
    expect(sniffBytes(ftyp('3g2a'))?.ext).toBe('3gp');
  });
});

const info = (formatName: string, hasVideo: boolean, audioCodec?: string): MediaInfo => ({
  durationSec: 1,
  formatName,
  isStillImage: false,
  hasVideo,
  hasAudio: audioCodec !== undefined,
  audio: audioCodec ? { codec: audioCodec, sampleRate: 48000, channels: 1 } : undefined,
});

describe('confirmedType: ffprobe has the last word', () => {
  it('keeps the sniffed format when ffprobe reads it with the demuxer of that format', () => {
    expect(confirmedType(typeOf('flac'), info('flac', false, 'flac'))?.ext).toBe('flac');
    expect(confirmedType(typeOf('mts'), info('mpegts', true, 'aac'))?.ext).toBe('mts');
    expect(confirmedType(typeOf('mp4'), info('mov,mp4,m4a,3gp,3g2,mj2', true, 'aac'))?.ext).toBe('mp4');
  });

  it('names a video container that holds only sound by its audio form', () => {
    expect(confirmedType(typeOf('mp4'), info('mov,mp4,m4a,3gp,3g2,mj2', false, 'aac'))?.ext).toBe('m4a');
    expect(confirmedType(typeOf('webm'), info('matroska,webm', false, 'opus'))?.ext).toBe('weba');
    expect(confirmedType(typeOf('mkv'), info('matroska,webm', false, 'flac'))?.ext).toBe('mkv');
  });

  it('tells Ogg by its codec and corrects a guess behind a long ID3 tag', () => {
    expect(confirmedType(typeOf('ogg'), info('ogg', false, 'opus'))?.ext).toBe('opus');
    expect(confirmedType(typeOf('mp3'), info('flac', false, 'flac'))?.ext).toBe('flac');
  });

  it('gives null when ffprobe reads the content as something else', () => {
    expect(confirmedType(typeOf('mp3'), info('mov,mp4,m4a,3gp,3g2,mj2', true, 'aac'))).toBeNull();
    expect(confirmedType(typeOf('ogg'), info('ogg', true, 'theora'))).toBeNull();
  });
});

describe('a remote URL judged by its name before it is fetched', () => {
  const audio = { field: 'audio_url', allowed: AUDIO_TYPES };
  it('lets through every name a format of the field may carry, WebM audio in .webm and speech in .mp4 too', () => {
    for (const name of ['a.flac', 'a.OGG', 'a.opus', 'a.aac', 'a.weba', 'a.webm', 'a.mp4', 'a.m4v', 'a.3gp', 'a.oga']) {
      expect(() => checkNameExtension(name, audio), name).not.toThrow();
    }
    for (const name of ['a.mpg', 'a.ts', 'a.m2ts', 'a.flv', 'a.3g2']) {
      expect(() => checkNameExtension(name, { field: 'video_url', allowed: VIDEO_TYPES }), name).not.toThrow();
    }
  });

  it('refuses a name of a format the field never takes, naming the extension', () => {
    expect(() => checkNameExtension('film.mkv', audio)).toThrow(
      'audio_url: film.mkv is a .mkv file; accepted types: .wav, .mp3, .m4a, .aac, .flac, .ogg, .oga, .opus, .weba.',
    );
    expect(() => checkNameExtension('song.flac', { field: 'video_url', allowed: VIDEO_TYPES })).toThrow(
      /^video_url: song\.flac is a \.flac file;/,
    );
  });
});

describe('probeEnvironment', () => {
  it('keeps the static ffprobe away from the system iconv modules on Linux only, and never overrides a set path', () => {
    expect(probeEnvironment({ PATH: '/bin' }, 'linux')).toEqual({
      PATH: '/bin',
      GCONV_PATH: expect.stringContaining('dubdesk-no-iconv-modules'),
    });
    expect(probeEnvironment({ PATH: '/bin' }, 'darwin')).toEqual({ PATH: '/bin' });
    expect(probeEnvironment({ GCONV_PATH: '/opt/gconv' }, 'linux')).toEqual({ GCONV_PATH: '/opt/gconv' });
  });
});

describe('one list everywhere', () => {
  const allExtensions = MEDIA_FORMATS.flatMap((format) => format.extensions);

  it("the GUI's file picker and drop zone offer exactly the list, and sort each extension into its kind", () => {
    expect(ACCEPTED_FILES.split(',').sort()).toEqual(allExtensions.map((extension) => `.${extension}`).sort());
    for (const format of MEDIA_FORMATS) {
      for (const extension of format.extensions) {
        expect(classifyFile(`file.${extension.toUpperCase()}`), extension).toBe(format.category);
        expect(ACCEPTED_FORMATS_TEXT).toContain(`.${extension}`);
      }
      for (const mime of format.mimeTypes) expect(classifyFile('file', mime), mime).toBe(format.category);
    }
  });

  it('the request schemas describe every video and audio extension', () => {
    const described = (schema: { properties: object }, field: string): string =>
      (schema.properties as Record<string, { description?: string }>)[field].description ?? '';
    const video = extensionsOf('video').map((extension) => `.${extension}`);
    const audio = extensionsOf('audio').map((extension) => `.${extension}`);
    const words = (text: string) => text.split(/[\s(),]+/);
    expect(words(described(TranslateRequestSchema, 'media_url'))).toEqual(expect.arrayContaining([...video, ...audio]));
    expect(words(described(FrameTranslateRequestSchema, 'video_url'))).toEqual(expect.arrayContaining(video));
    expect(words(described(LipsyncRequestSchema, 'reference_file_url'))).toEqual(expect.arrayContaining(video));
    expect(words(described(LipsyncRequestSchema, 'audio_url'))).toEqual(expect.arrayContaining(audio));
    expect(words(described(ReusableLipsyncRequestSchema, 'audio_url'))).toEqual(expect.arrayContaining(audio));
  });

  it('docs/api.md lists the same formats, extensions, MIME types and kinds', () => {
    const api = readFileSync(path.join(ROOT, 'docs/api.md'), 'utf8');
    const section = api.slice(
      api.indexOf('## Media formats'),
      api.indexOf('\n## ', api.indexOf('## Media formats') + 1),
    );
    const rows = section
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| format'))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    const codes = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
    expect(
      rows.map(([label, extensions, mimeTypes, kind]) => ({
        label,
        extensions: codes(extensions).map((extension) => extension.slice(1)),
        mimeTypes: codes(mimeTypes),
        category: kind,
      })),
    ).toEqual(
      MEDIA_FORMATS.map(({ label, extensions, mimeTypes, category }) => ({ label, extensions, mimeTypes, category })),
    );
  });
});
