import { describe, expect, it } from 'vitest';
import { encodeWav } from '../../src/main/media/audio.js';
import { sniffBytes } from '../../src/main/media/sniff.js';

describe('encodeWav', () => {
  it('writes a mono 16-bit PCM RIFF header for the given rate', () => {
    const wav = encodeWav(new Float32Array(1000), 16000);
    expect(wav.length).toBe(44 + 2000);
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(36 + 2000);
    expect(wav.toString('latin1', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(16000);
    expect(wav.readUInt32LE(28)).toBe(32000);
    expect(wav.readUInt16LE(32)).toBe(2);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString('latin1', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(2000);
    expect(sniffBytes(wav)?.ext).toBe('wav');
  });

  it('scales samples to 16 bits and clamps out-of-range values and NaN', () => {
    const wav = encodeWav(Float32Array.from([0, 1, -1, 0.5, 2, -3, Number.NaN]), 8000);
    const pcm = Array.from({ length: 7 }, (_, i) => wav.readInt16LE(44 + i * 2));
    expect(pcm).toEqual([0, 32767, -32768, 16384, 32767, -32768, 0]);
  });
});
