// Speaker diarization of a whole 16 kHz mono WAV file (sherpa-onnx OfflineSpeakerDiarization: pyannote segmentation
// plus speaker embeddings, clustered), in the sherpa-onnx child.
import { defineSherpaOp } from '../op.js';

export interface SpeakerDiarizationArgs {
  segmentation: string;
  embedding: string;
  /** A 16 kHz mono 16-bit WAV file. */
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

export const SPEAKER_DIARIZATION_OP = defineSherpaOp<SpeakerDiarizationArgs, SpeakerDiarizationResult>('speaker-diarization.process', String.raw`(sherpa, args, cache) => {
  const config = {
    segmentation: { pyannote: { model: args.segmentation }, numThreads: args.numThreads, debug: 0 },
    embedding: { model: args.embedding, numThreads: args.numThreads, debug: 0 },
    clustering: { numClusters: -1, threshold: args.threshold },
    minDurationOn: 0.3,
    minDurationOff: 0.5,
  };
  const diarizer = cache.once('diarization:' + JSON.stringify([args.segmentation, args.embedding, args.numThreads]), () => new sherpa.OfflineSpeakerDiarization(config));
  const wave = sherpa.readWave(args.wavFile);
  if (wave.sampleRate !== diarizer.sampleRate) throw new Error('speaker diarization needs ' + diarizer.sampleRate + ' Hz audio, got ' + wave.sampleRate + ' Hz');
  // The clustering is set before every run: the cached engine keeps the last call's.
  const run = (clustering) => {
    diarizer.setConfig({ clustering });
    return diarizer.process(wave.samples).map((s) => ({ start: s.start, end: s.end, speaker: s.speaker }));
  };
  if (args.numClusters > 0) return { segments: run({ numClusters: args.numClusters, threshold: args.threshold }) };
  let segments = run({ numClusters: -1, threshold: args.threshold });
  const found = new Set(segments.map((s) => s.speaker)).size;
  if (found > 0 && found < args.minSpeakers) segments = run({ numClusters: args.minSpeakers, threshold: args.threshold });
  else if (found > args.maxSpeakers) segments = run({ numClusters: args.maxSpeakers, threshold: args.threshold });
  return { segments };
}`);
