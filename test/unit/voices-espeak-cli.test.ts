import { describe, expect, it } from 'vitest';
import { encodeWav } from '../../src/main/media/audio.js';
import {
  cleanSpeechText,
  decodeWavPcm16,
  parseVoicesTable,
  pitchArgument,
  PITCH_CURVE,
  synthesisArguments,
  wordsPerMinute,
} from '../../src/main/engines/tts/espeak-cli.js';

describe('wordsPerMinute', () => {
  it("scales eSpeak's 175 words per minute by the rate", () => {
    expect(wordsPerMinute()).toBe(175);
    expect(wordsPerMinute(1.2)).toBe(210);
    expect(wordsPerMinute(0.8)).toBe(140);
  });

  it('stays within what this build can do (80..450) and treats nonsense as normal speed', () => {
    expect(wordsPerMinute(0.1)).toBe(80);
    expect(wordsPerMinute(5)).toBe(450);
    expect(wordsPerMinute(0)).toBe(175);
    expect(wordsPerMinute(Number.NaN)).toBe(175);
  });
});

describe('pitchArgument', () => {
  it("maps no shift to eSpeak's default -p 50 and the measured curve points to their -p values", () => {
    expect(pitchArgument()).toBe(50);
    expect(pitchArgument(0)).toBe(50);
    for (const [p, semitones] of PITCH_CURVE) expect(pitchArgument(semitones)).toBe(p);
  });

  it('rises with the shift and clamps to 0..99', () => {
    const values = [-10, -6, -3, -1, 0, 1, 3, 6, 12].map((st) => pitchArgument(st));
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values[0]).toBe(0);
    expect(values[values.length - 1]).toBe(99);
    expect(pitchArgument(Number.NaN)).toBe(50);
  });
});

describe('synthesisArguments', () => {
  it('passes the text by file, so text that looks like options is never parsed as options', () => {
    const args = synthesisArguments({
      voice: 'de+f2',
      rate: 1.2,
      pitchSemitones: 1.72,
      textFile: '/in.txt',
      wavFile: '/out.wav',
    });
    expect(args).toEqual(['-v', 'de+f2', '-s', '210', '-p', '60', '-b', '1', '-z', '-w', '/out.wav', '-f', '/in.txt']);
  });
});

describe('cleanSpeechText', () => {
  it('drops control characters and collapses whitespace', () => {
    expect(cleanSpeechText('  Hallo\u0000 Welt\r\n\tzwei\u0007  ')).toBe('Hallo Welt zwei');
    expect(cleanSpeechText(' \n ')).toBe('');
  });

  it('removes subtitle formatting that eSpeak would otherwise spell out, keeping comparisons in the text', () => {
    expect(cleanSpeechText('{\\an8}<i>Hallo</i> <font color="red">Welt</font>')).toBe('Hallo Welt');
    expect(cleanSpeechText('3 < 4 and 5 > 2')).toBe('3 < 4 and 5 > 2');
  });
});

describe('parseVoicesTable', () => {
  it('reads language, gender, name and file from `--voices`, including over-long language tags', () => {
    const table = [
      'Pty Language       Age/Gender VoiceName          File                 Other Languages',
      ' 5  af              --/M      Afrikaans          gmw/af               ',
      ' 5  chr-US-Qaaa-x-west --/M      Cherokee_          iro/chr              ',
      ' 2  en-gb           --/M      English_(Great_Britain) gmw/en               (en 2)',
      ' 5  variant         70/F      female1            !v/f1                ',
    ].join('\n');
    expect(parseVoicesTable(table)).toEqual([
      { language: 'af', gender: 'male', name: 'Afrikaans', file: 'gmw/af' },
      { language: 'chr-US-Qaaa-x-west', gender: 'male', name: 'Cherokee_', file: 'iro/chr' },
      { language: 'en-gb', gender: 'male', name: 'English_(Great_Britain)', file: 'gmw/en' },
      { language: 'variant', gender: 'female', name: 'female1', file: '!v/f1' },
    ]);
  });
});

describe('decodeWavPcm16', () => {
  it('reads back what encodeWav wrote, at its sample rate', () => {
    const samples = Float32Array.from([0, 0.5, -0.5, 0.25, -1]);
    const decoded = decodeWavPcm16(encodeWav(samples, 22_050));
    expect(decoded.sampleRate).toBe(22_050);
    expect(Array.from(decoded.samples).map((v) => Math.round(v * 1000) / 1000)).toEqual([0, 0.5, -0.5, 0.25, -1]);
  });

  it('trusts the file length over a placeholder data size (eSpeak streams its output)', () => {
    const wav = encodeWav(new Float32Array(100).fill(0.1), 16_000);
    wav.writeUInt32LE(0x7ffff000, 40);
    expect(decodeWavPcm16(wav).samples.length).toBe(100);
  });

  it('rejects what is not 16-bit mono PCM WAV', () => {
    expect(() => decodeWavPcm16(new Uint8Array(20))).toThrow(/RIFF/);
    const stereo = encodeWav(new Float32Array(4), 16_000);
    stereo.writeUInt16LE(2, 22);
    expect(() => decodeWavPcm16(stereo)).toThrow(/mono/);
  });
});
