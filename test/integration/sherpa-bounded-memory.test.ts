// The sherpa-onnx child reads only the audio it needs: voice activity detection streams a 40-minute speech WAV in
// chunks and Whisper reads each region's slice, so the child's peak memory stays far below the file's samples
// (40 minutes of 16 kHz floats are 154 MB). The file is sparse: digital silence with a few spoken sentences. The
// reader finds the samples behind any chunks, reads exact slices, and refuses audio that is not 16-bit PCM mono.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWhisperRecognizer } from '../../src/main/engines/asr/whisper.js';
import { SherpaHost } from '../../src/main/engines/sherpa/host.js';
import { defineSherpaOp } from '../../src/main/engines/sherpa/op.js';
import { SHERPA_OPS } from '../../src/main/engines/sherpa/ops/index.js';
import { PCM16_WAV_READER_SOURCE } from '../../src/main/engines/sherpa/ops/pcm-wav-source.js';
import { createSileroVad } from '../../src/main/engines/vad/silero.js';
import type { SpeechRegion } from '../../src/main/engines/vad/types.js';
import { pcm16, wavHeader } from '../../src/main/media/audio.js';
import { resample } from '../../src/main/media/dsp/resample.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { createModelStore, type ModelStore } from '../../src/main/models/model-store.js';
import { makeMediaDir } from '../fixtures/media.js';
import { writeWhisperStandin } from '../fixtures/sherpa-standins.js';
import { renderSpokenTrack } from '../fixtures/speech.js';

const RATE = 16_000;
const FILE_SEC = 40 * 60;
/** Where a sentence is spoken: near the start, across the VAD's first 30 s chunk, mid-file and just before the end. */
const SPOKEN_AT_SEC = [5, 29, 1800, FILE_SEC - 6];
/** The child's peak resident memory (node, sherpa, ONNX Runtime, Silero, the stand-in) without holding the file. */
const PEAK_LIMIT_MB = 200;

let dir: string;
let cleanup: () => Promise<void>;
let wavFile: string;
/** Where the voice starts and ends inside the rendered sentence. */
let voiceMs: { startMs: number; endMs: number };
let store: ModelStore;

const READ_SLICE_OP = defineSherpaOp<
  { wavFile: string; start: number; end: number },
  { sampleRate: number; sampleCount: number; samples: Float32Array }
>(
  'test.read-slice',
  String.raw`(sherpa, args) => {
  ${PCM16_WAV_READER_SOURCE}
  const wav = openPcm16Wav(args.wavFile, 'Reading a slice');
  return { sampleRate: wav.sampleRate, sampleCount: wav.sampleCount, samples: wav.read(args.start, args.end) };
}`,
);

const u16 = (value: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(value);
  return b;
};
const u32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value);
  return b;
};

/** The child's high-water mark of resident memory (VmHWM), in MB. */
async function peakMb(pid: number | undefined): Promise<number> {
  expect(pid).toBeDefined();
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1]);
  expect(kb).toBeGreaterThan(0);
  return kb / 1024;
}

/** 40 minutes of 16-bit mono PCM at 16 kHz written sparsely: the sentence at each place, zeros (holes) elsewhere. */
async function writeSparseFile(file: string, sentence: Float32Array): Promise<void> {
  const handle = await fs.open(file, 'w');
  try {
    await handle.write(wavHeader(FILE_SEC * RATE, RATE), 0, 44, 0);
    const bytes = pcm16(sentence);
    for (const atSec of SPOKEN_AT_SEC) await handle.write(bytes, 0, bytes.length, 44 + atSec * RATE * 2);
    await handle.truncate(44 + FILE_SEC * RATE * 2);
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  ({ dir, cleanup } = await makeMediaDir('dubdesk-sherpa-memory-'));
  const track = await renderSpokenTrack({
    cues: [{ startMs: 0, endMs: 2_500, text: 'The boats are leaving for the island this morning.' }],
    durationSec: 2.6,
    background: 'silence',
  });
  const sentence = resample(track.samples, track.sampleRate, RATE);
  const first = sentence.findIndex((value) => Math.abs(value) > 0.01);
  const last = sentence.findLastIndex((value) => Math.abs(value) > 0.01);
  voiceMs = { startMs: (first / RATE) * 1000, endMs: (last / RATE) * 1000 };
  wavFile = path.join(dir, 'long.wav');
  await writeSparseFile(wavFile, sentence);
  store = createModelStore({ modelsDir: path.join(dir, 'models') });
}, 60_000);

afterAll(async () => {
  await store?.close();
  await cleanup?.();
});

describe('the sherpa-onnx child reads a long speech file with bounded memory', () => {
  it('voice activity detection streams the file: every sentence found at its place, peak memory bounded', async () => {
    const host = new SherpaHost();
    try {
      const regions = await createSileroVad(host).detect(wavFile, { signal: new AbortController().signal });
      const peak = await peakMb(host.pid);
      expect(peak, `child peak ${peak.toFixed(0)} MB`).toBeLessThan(PEAK_LIMIT_MB);
      expect(regions, JSON.stringify({ regions, voiceMs })).toHaveLength(SPOKEN_AT_SEC.length);
      // Silero is sure of speech a few windows into it (eSpeak's first syllable is soft): up to 0.4 s either way.
      for (const [i, region] of regions.entries()) {
        expect(
          Math.abs(region.startMs - (SPOKEN_AT_SEC[i]! * 1000 + voiceMs.startMs)),
          `sentence ${i + 1} start`,
        ).toBeLessThan(400);
        expect(
          Math.abs(region.endMs - (SPOKEN_AT_SEC[i]! * 1000 + voiceMs.endMs)),
          `sentence ${i + 1} end`,
        ).toBeLessThan(400);
      }
    } finally {
      await host.dispose();
    }
  }, 60_000);

  it('Whisper reads only the regions it transcribes', async () => {
    const host = new SherpaHost();
    try {
      await store.importFrom(
        'whisper-tiny',
        writeWhisperStandin(path.join(dir, 'standin-tiny'), { prefix: 'tiny', language: 'en' }).dir,
      );
      const recognizer = createWhisperRecognizer(host, store, 'tiny');
      const regions: SpeechRegion[] = SPOKEN_AT_SEC.map((atSec) => ({
        startMs: atSec * 1000,
        endMs: atSec * 1000 + 2_600,
      }));
      const transcript = await recognizer.transcribe(wavFile, { regions, signal: new AbortController().signal });
      const peak = await peakMb(host.pid);
      expect(transcript.segments).toEqual(regions.map((region) => ({ ...region, text: 'Guten Morgen' })));
      expect(peak, `child peak ${peak.toFixed(0)} MB`).toBeLessThan(PEAK_LIMIT_MB);
    } finally {
      await host.dispose();
    }
  }, 60_000);

  it('reads a slice by byte offset past the chunks before the data (LIST), and refuses audio that is not 16-bit PCM mono', async () => {
    const host = new SherpaHost({ ops: [...SHERPA_OPS, READ_SLICE_OP] });
    try {
      // A ramp, so every sample says where it is; an odd-sized LIST chunk (padded) before the data, as ffmpeg writes one.
      const ramp = Int16Array.from({ length: 40_000 }, (_, i) => (i % 65_536) - 32_768 + 7);
      const list = Buffer.concat([Buffer.from('LIST'), u32(5), Buffer.from('INFOx'), Buffer.alloc(1)]);
      const pcm = Buffer.from(ramp.buffer);
      const fmt = Buffer.concat([
        Buffer.from('fmt '),
        u32(16),
        u16(1),
        u16(1),
        u32(RATE),
        u32(RATE * 2),
        u16(2),
        u16(16),
      ]);
      const body = Buffer.concat([Buffer.from('WAVE'), fmt, list, Buffer.from('data'), u32(pcm.length), pcm]);
      const file = path.join(dir, 'ramp.wav');
      await fs.writeFile(file, Buffer.concat([Buffer.from('RIFF'), u32(body.length), body]));
      const slice = await host.run(
        READ_SLICE_OP,
        { wavFile: file, start: 12_345, end: 12_345 + 700 },
        { subject: { title: 'slice' } },
      );
      expect(slice).toMatchObject({ sampleRate: RATE, sampleCount: 40_000 });
      expect([...slice.samples]).toEqual([...ramp.subarray(12_345, 13_045)].map((value) => value / 32_768));
      // A slice past the end is cut at the end.
      await expect(
        host.run(READ_SLICE_OP, { wavFile: file, start: 39_990, end: 50_000 }, { subject: { title: 'slice' } }),
      ).resolves.toMatchObject({ samples: expect.objectContaining({ length: 10 }) });

      const stereo = path.join(dir, 'stereo.wav');
      await runProcess(
        resolveMediaTools().ffmpeg,
        [
          '-hide_banner',
          '-nostdin',
          '-loglevel',
          'error',
          '-y',
          '-f',
          'lavfi',
          '-i',
          'sine=frequency=440:duration=1:sample_rate=16000',
          '-ac',
          '2',
          '-c:a',
          'pcm_s16le',
          stereo,
        ],
        { toolName: 'ffmpeg' },
      );
      await expect(
        createSileroVad(host).detect(stereo, { signal: new AbortController().signal }),
      ).rejects.toMatchObject({
        code: 'engine_failed',
        message: expect.stringContaining(
          `Voice activity detection needs 16-bit PCM mono WAV audio; ${stereo} is 16-bit, 2 channel(s), WAV format 1.`,
        ),
      });
      const float = path.join(dir, 'float.wav');
      await runProcess(
        resolveMediaTools().ffmpeg,
        [
          '-hide_banner',
          '-nostdin',
          '-loglevel',
          'error',
          '-y',
          '-f',
          'lavfi',
          '-i',
          'sine=frequency=440:duration=1:sample_rate=16000',
          '-c:a',
          'pcm_f32le',
          float,
        ],
        { toolName: 'ffmpeg' },
      );
      await expect(
        host.run(READ_SLICE_OP, { wavFile: float, start: 0, end: 10 }, { subject: { title: 'slice' } }),
      ).rejects.toMatchObject({
        message: expect.stringContaining('is 32-bit, 1 channel(s), WAV format 3'),
      });
    } finally {
      await host.dispose();
    }
  });
});
