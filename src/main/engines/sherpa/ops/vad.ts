// Silero voice activity detection over a whole 16 kHz mono WAV file, in the sherpa-onnx child.
import { defineSherpaOp } from '../op.js';

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

export const VAD_OP = defineSherpaOp<VadArgs, VadResult>('vad.detect', String.raw`(sherpa, args) => {
  const wave = sherpa.readWave(args.wavFile);
  if (wave.sampleRate !== 16000) throw new Error('voice activity detection needs 16 kHz audio, got ' + wave.sampleRate + ' Hz');
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
  const samples = wave.samples;
  // sherpa's Silero takes exactly one window (512 samples) per push.
  for (let at = 0; at < samples.length; at += 512) {
    let chunk = samples.subarray(at, at + 512);
    if (chunk.length < 512) { const padded = new Float32Array(512); padded.set(chunk); chunk = padded; }
    vad.acceptWaveform(chunk);
    take();
  }
  vad.flush();
  take();
  return { sampleRate: wave.sampleRate, sampleCount: samples.length, regions };
}`);
