import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES, sniffBytes } from '../../src/main/media/sniff.js';

const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');
const padded = (head: Buffer, length = 64): Buffer =>
  Buffer.concat([head, Buffer.alloc(Math.max(0, length - head.length))]);
const ftyp = (brand: string, compatible = 'isomiso2'): Buffer =>
  padded(
    Buffer.concat([
      Buffer.from([0, 0, 0, 16 + compatible.length]),
      ascii('ftyp'),
      ascii(brand),
      Buffer.from([0, 0, 2, 0]),
      ascii(compatible),
    ]),
  );
const riff = (form: string): Buffer =>
  padded(Buffer.concat([ascii('RIFF'), Buffer.from([0x24, 0, 0, 0]), ascii(form)]));

function ebml(docType: string): Buffer {
  const docTypeElement = Buffer.concat([Buffer.from([0x42, 0x82, 0x80 | docType.length]), ascii(docType)]);
  const body = Buffer.concat([Buffer.from([0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01]), docTypeElement]);
  return padded(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body]));
}

// MPEG-1 Layer III, 128 kb/s, 44.1 kHz: every frame is 417 bytes.
const MP3_HEADER = Buffer.from([0xff, 0xfb, 0x90, 0x00]);
function mp3Frames(secondHeader: Buffer): Buffer {
  const bytes = Buffer.alloc(SNIFF_BYTES);
  MP3_HEADER.copy(bytes, 0);
  secondHeader.copy(bytes, 417);
  return bytes;
}

describe('sniffBytes', () => {
  it('tells ISO-BMFF files apart by their major brand', () => {
    expect(sniffBytes(ftyp('isom'))?.ext).toBe('mp4');
    expect(sniffBytes(ftyp('mp42'))?.ext).toBe('mp4');
    expect(sniffBytes(ftyp('qt  ', 'qt  '))).toEqual({ ext: 'mov', category: 'video', mime: 'video/quicktime' });
    expect(sniffBytes(ftyp('M4A ', 'M4A mp42'))).toEqual({ ext: 'm4a', category: 'audio', mime: 'audio/mp4' });
    expect(sniffBytes(padded(Buffer.concat([Buffer.from([0, 0, 0, 8]), ascii('moov')])))?.ext).toBe('mov');
    // HEIF/AVIF pictures share the container but are not video.
    expect(sniffBytes(ftyp('heic', 'mif1heic'))).toBeNull();
  });

  it('reads the RIFF form type', () => {
    expect(sniffBytes(riff('AVI '))).toEqual({ ext: 'avi', category: 'video', mime: 'video/x-msvideo' });
    expect(sniffBytes(riff('WAVE'))).toEqual({ ext: 'wav', category: 'audio', mime: 'audio/wav' });
    expect(sniffBytes(riff('WEBP'))).toEqual({ ext: 'webp', category: 'image', mime: 'image/webp' });
    expect(sniffBytes(riff('RMID'))).toBeNull();
  });

  it('reads the EBML DocType to tell WebM from Matroska', () => {
    expect(sniffBytes(ebml('webm'))).toEqual({ ext: 'webm', category: 'video', mime: 'video/webm' });
    expect(sniffBytes(ebml('matroska'))?.ext).toBe('mkv');
  });

  it('recognises ASF, JPEG, PNG and ID3-tagged MP3 signatures', () => {
    const asf = Buffer.from([
      0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c,
    ]);
    expect(sniffBytes(padded(asf))?.ext).toBe('wmv');
    expect(sniffBytes(padded(Buffer.from([0xff, 0xd8, 0xff, 0xe0])))).toEqual({
      ext: 'jpg',
      category: 'image',
      mime: 'image/jpeg',
    });
    expect(sniffBytes(padded(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))?.ext).toBe('png');
    expect(sniffBytes(padded(ascii('ID3\x04\x00')))?.ext).toBe('mp3');
  });

  it('accepts an untagged MP3 only when a second frame follows the first', () => {
    expect(sniffBytes(mp3Frames(MP3_HEADER))?.ext).toBe('mp3');
    expect(sniffBytes(mp3Frames(Buffer.from([0x12, 0x34, 0x56, 0x78])))).toBeNull();
    // AAC in ADTS has the same sync word but layer bits 00.
    expect(sniffBytes(padded(Buffer.from([0xff, 0xf1, 0x50, 0x80])))).toBeNull();
  });

  it('recognises SRT text and nothing else that is text', () => {
    expect(sniffBytes(Buffer.from('\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\nHi\r\n'))).toEqual({
      ext: 'srt',
      category: 'subtitle',
      mime: 'application/x-subrip',
    });
    expect(sniffBytes(Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n'))).toBeNull();
    expect(sniffBytes(Buffer.from('<html><body>404</body></html>'))).toBeNull();
    expect(sniffBytes(Buffer.alloc(0))).toBeNull();
  });
});
