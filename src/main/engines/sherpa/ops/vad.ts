// Silero voice activity detection over a whole 16 kHz mono WAV file, streamed in chunks, in the sherpa-onnx child.
import { defineSherpaOp } from '../op.js';
import { PCM16_WAV_READER_SOURCE } from './pcm-wav-source.js';

export interface VadArgs {
  /** The Silero ONNX file. */
  model: string;
  /** A 16 kHz mono 16-bit WAV file. */
  wavFile: string;
  threshold: number;
  minSilenceSec: number;
  minSpeechSec: number;
  /** Longer speech is cut into pieces of at most this length. */
  maxSpeechSec: number;
}

export interface VadResult {
  sampleRate: number;
  sampleCount: number;
  /** [startSample, endSample) of each speech region, in order. */
  regions: [number, number][];
}

/** Samples read from the file at once: 938 Silero windows of 512, about 30 s (a film is never held whole). */
const CHUNK_SAMPLES = 512 * 938;

export const VAD_OP = defineSherpaOp<VadArgs, VadResult>(
  'vad.detect',
  String.raw`(sherpa, args) => {
  ${PCM16_WAV_READER_SOURCE}
  const wav = openPcm16Wav(args.wavFile, 'Voice activity detection');
  if (wav.sampleRate !== 16000) throw new Error('voice activity detection needs 16 kHz audio, got ' + wav.sampleRate + ' Hz');
  // A fresh detector per file: its state must not carry over from the last one, and it loads in milliseconds.
  const vad = new sherpa.Vad({
    sileroVad: {
      model: args.model,
      threshold: args.threshold,
      minSilenceDuration: args.minSilenceSec,
      minSpeechDuration: args.minSpeechSec,
      maxSpeechDuration: args.maxSpeechSec,
      windowSize: 512,
    },
    sampleRate: 16000,
    numThreads: 1,
    debug: false,
  }, 60);
  const regions = [];
  const take = () => {
    while (!vad.isEmpty()) {
      const segment = vad.front(false);
      regions.push([segment.start, segment.start + segment.samples.length]);
      vad.pop();
    }
  };
  // The file streams through in chunks of whole windows; the detector keeps its state from one chunk to the next.
  for (let chunkStart = 0; chunkStart < wav.sampleCount; chunkStart += ${CHUNK_SAMPLES}) {
    const samples = wav.read(chunkStart, chunkStart + ${CHUNK_SAMPLES});
    // sherpa's Silero takes exactly one window (512 samples) per push.
    for (let at = 0; at < samples.length; at += 512) {
      let window = samples.subarray(at, at + 512);
      if (window.length < 512) { const padded = new Float32Array(512); padded.set(window); window = padded; }
      vad.acceptWaveform(window);
      take();
    }
  }
  vad.flush();
  take();
  return { sampleRate: wav.sampleRate, sampleCount: wav.sampleCount, regions };
}`,
);
