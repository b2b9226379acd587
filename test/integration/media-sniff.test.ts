import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { checkMediaType, sniffFile } from '../../src/main/media/sniff.js';
import {
  makeAudio,
  makeImage,
  makeMediaDir,
  makeTextFile,
  makeVideo,
  NASTY_MEDIA,
  type VideoContainer,
} from '../fixtures/media.js';

const LIPSYNC_VIDEO = ['.mp4', '.mov', '.webm', '.avi', '.wmv'];
const LIPSYNC_AUDIO = ['.wav', '.mp3', '.m4a'];

/** Gives a file a neutral name so only its content can tell what it is. */
async function anonymous(file: string): Promise<string> {
  const renamed = path.join(path.dirname(file), `${path.basename(file).replace(/\W/g, '_')}.bin`);
  await fs.rename(file, renamed);
  return renamed;
}

async function rejected(promise: Promise<unknown>): Promise<DubDeskError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DubDeskError);
    return error as DubDeskError;
  }
  throw new Error('expected a DubDeskError');
}

describe('sniffFile on generated media with the extension removed', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ dir, cleanup } = await makeMediaDir()));
  afterAll(() => cleanup());

  it.each<[VideoContainer, string]>([
    ['mp4', 'video/mp4'],
    ['mov', 'video/quicktime'],
    ['webm', 'video/webm'],
    ['mkv', 'video/x-matroska'],
    ['avi', 'video/x-msvideo'],
    ['wmv', 'video/x-ms-wmv'],
  ])('recognises %s video', async (container, mime) => {
    const file = await anonymous(await makeVideo(dir, { container }));
    expect(await sniffFile(file)).toEqual({ ext: container, category: 'video', mime });
  });

  it.each([
    ['wav', true, 'audio/wav'],
    ['mp3', true, 'audio/mpeg'],
    ['mp3', false, 'audio/mpeg'],
    ['m4a', true, 'audio/mp4'],
  ] as const)('recognises %s audio (ID3 tag: %s)', async (format, id3, mime) => {
    const file = await anonymous(await makeAudio(dir, { format, id3 }));
    expect(await sniffFile(file)).toEqual({ ext: format, category: 'audio', mime });
  });

  it.each([
    ['png', 'image/png'],
    ['jpg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const)('recognises a %s image', async (format, mime) => {
    const file = await anonymous(await makeImage(dir, { format }));
    expect(await sniffFile(file)).toEqual({ ext: format, category: 'image', mime });
  });

  it('recognises an SRT file with a BOM and CRLF line ends', async () => {
    const file = await makeTextFile(dir, 'subs.txt', '\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\nHola\r\n');
    expect(await sniffFile(file)).toEqual({ ext: 'srt', category: 'subtitle', mime: 'application/x-subrip' });
  });

  it('sees through a png renamed to .mp4, and recognises nothing in garbage or an empty file', async () => {
    expect((await sniffFile(await NASTY_MEDIA.renamed.make(dir)))?.ext).toBe('png');
    expect(await sniffFile(await NASTY_MEDIA.garbage.make(dir))).toBeNull();
    expect(await sniffFile(await makeTextFile(dir, 'empty.mp4', ''))).toBeNull();
  });
});

describe('checkMediaType', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ dir, cleanup } = await makeMediaDir()));
  afterAll(() => cleanup());

  it('accepts an allowed type and returns what it found', async () => {
    const file = await makeVideo(dir, { container: 'webm' });
    expect(await checkMediaType(file, { allowed: LIPSYNC_VIDEO, nameForErrors: 'clip.webm' })).toMatchObject({
      ext: 'webm',
    });
  });

  it('rejects a png named .mp4 with what it is and what is accepted', async () => {
    const file = await NASTY_MEDIA.renamed.make(dir);
    const error = await rejected(checkMediaType(file, { allowed: LIPSYNC_VIDEO, nameForErrors: 'holiday.mp4' }));
    expect(error.code).toBe('unsupported_media');
    expect(error.message).toBe('holiday.mp4 is a PNG image; accepted types: .mp4, .mov, .webm, .avi, .wmv.');
  });

  it('rejects unrecognised content and a recognised but unlisted type', async () => {
    const garbage = await rejected(
      checkMediaType(await NASTY_MEDIA.garbage.make(dir), { allowed: LIPSYNC_AUDIO, nameForErrors: 'voice.wav' }),
    );
    expect(garbage.message).toBe('voice.wav is not a recognised media format; accepted types: .wav, .mp3, .m4a.');
    const mkv = await rejected(
      checkMediaType(await makeVideo(dir, { container: 'mkv' }), {
        allowed: LIPSYNC_VIDEO,
        nameForErrors: 'film.webm',
      }),
    );
    expect(mkv.message).toBe('film.webm is a Matroska (.mkv) video; accepted types: .mp4, .mov, .webm, .avi, .wmv.');
  });

  it('treats jpeg and jpg as one type', async () => {
    const jpg = await makeImage(dir, { format: 'jpg' });
    expect((await checkMediaType(jpg, { allowed: ['jpeg', 'png'], nameForErrors: 'face.jpeg' })).ext).toBe('jpg');
  });

  it('lets a plain-MP4-branded file through where m4a is allowed, leaving the track check to the probe', async () => {
    const aacInMp4 = await makeVideo(dir, { name: 'speech.mp4' });
    expect((await checkMediaType(aacInMp4, { allowed: LIPSYNC_AUDIO, nameForErrors: 'speech.m4a' })).ext).toBe('mp4');
    const m4a = await makeAudio(dir, { format: 'm4a' });
    const error = await rejected(checkMediaType(m4a, { allowed: LIPSYNC_VIDEO, nameForErrors: 'talk.mp4' }));
    expect(error.message).toMatch(/^talk\.mp4 is an M4A audio file;/);
  });
});
