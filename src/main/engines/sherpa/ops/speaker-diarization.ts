// Speaker diarization of a whole 16 kHz mono WAV file (sherpa-onnx OfflineSpeakerDiarization: pyannote segmentation
// plus speaker embeddings, clustered), in the sherpa-onnx child.
import { defineSherpaOp } from '../op.js';
import { PCM16_WAV_READER_SOURCE } from './pcm-wav-source.js';

export interface SpeakerDiarizationArgs {
  segmentation: string;
  embedding: string;
  /** A 16 kHz mono 16-bit PCM WAV file (the caller bounds its length: sherpa diarizes it at once). */
  wavFile: string;
  /** An exact number of speakers (speaker_number with min = max), else 0: clustering by `threshold`. */
  numClusters: number;
  /** Cosine distance above which two voices are different speakers (sherpa's default 0.5). */
  threshold: number;
  /** Bounds a threshold clustering must meet; outside them it is clustered again into exactly min or max. */
  minSpeakers: number;
  maxSpeakers: number;
  numThreads: number;
}

export interface SpeakerDiarizationResult {
  /** Seconds from the file's start; speaker numbers as sherpa gives them. */
  segments: { start: number; end: number; speaker: number }[];
}

/** Samples read from the file at once: 30 s at 16 kHz. */
const SLICE_SAMPLES = 30 * 16_000;

export const SPEAKER_DIARIZATION_OP = defineSherpaOp<SpeakerDiarizationArgs, SpeakerDiarizationResult>(
  'speaker-diarization.process',
  String.raw`(sherpa, args, cache) => {
  const config = {
    segmentation: { pyannote: { model: args.segmentation }, numThreads: args.numThreads, debug: 0 },
    embedding: { model: args.embedding, numThreads: args.numThreads, debug: 0 },
    clustering: { numClusters: -1, threshold: args.threshold },
    minDurationOn: 0.3,
    minDurationOff: 0.5,
  };
  const diarizer = cache.once('diarization:' + JSON.stringify([args.segmentation, args.embedding, args.numThreads]), () => new sherpa.OfflineSpeakerDiarization(config));
  ${PCM16_WAV_READER_SOURCE}
  const wav = openPcm16Wav(args.wavFile, 'Speaker diarization');
  if (wav.sampleRate !== diarizer.sampleRate) throw new Error('speaker diarization needs ' + diarizer.sampleRate + ' Hz audio, got ' + wav.sampleRate + ' Hz');
  // sherpa diarizes the whole input at once (the caller bounds its length); it is read in 30 s slices into one array,
  // so no second copy of the file (its bytes) is held beside the samples.
  const samples = new Float32Array(wav.sampleCount);
  for (let at = 0; at < wav.sampleCount; at += ${SLICE_SAMPLES}) samples.set(wav.read(at, at + ${SLICE_SAMPLES}), at);
  // The clustering is set before every run: the cached engine keeps the last call's.
  const run = (clustering) => {
    diarizer.setConfig({ clustering });
    return diarizer.process(samples).map((s) => ({ start: s.start, end: s.end, speaker: s.speaker }));
  };
  if (args.numClusters > 0) return { segments: run({ numClusters: args.numClusters, threshold: args.threshold }) };
  let segments = run({ numClusters: -1, threshold: args.threshold });
  const found = new Set(segments.map((s) => s.speaker)).size;
  if (found > 0 && found < args.minSpeakers) segments = run({ numClusters: args.minSpeakers, threshold: args.threshold });
  else if (found > args.maxSpeakers) segments = run({ numClusters: args.maxSpeakers, threshold: args.threshold });
  return { segments };
}`,
);
