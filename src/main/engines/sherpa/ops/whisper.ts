// Whisper speech recognition of one stretch of a WAV file (sherpa-onnx OfflineRecognizer), in the sherpa-onnx child.
import { defineSherpaOp } from '../op.js';
import { PCM16_WAV_READER_SOURCE } from './pcm-wav-source.js';

export interface WhisperModelFiles {
  encoder: string;
  decoder: string;
  tokens: string;
}

export interface WhisperTranscribeArgs extends WhisperModelFiles {
  /** A 16 kHz mono 16-bit PCM WAV file; only the stretch's samples are read from it. */
  wavFile: string;
  /** The stretch to transcribe, in samples of the file (at most ~30 s: Whisper's window). */
  startSample: number;
  endSample: number;
  /** Whisper's language code ("en", "de"); '' lets Whisper detect it. */
  language: string;
  numThreads: number;
}

export interface WhisperTranscribeResult {
  text: string;
  /** The language Whisper decoded in (its own code, e.g. "en"); '' when it does not say. */
  lang: string;
  tokens: string[];
  /** Seconds from the stretch's start for each token, where sherpa gives them (else empty). */
  timestamps: number[];
  /** Natural log of each token's probability, where sherpa gives them (else empty): the word confidences. */
  logProbs?: number[];
  /** Whisper's own segments (from its timestamp tokens): start and duration in seconds from the stretch's start. */
  segments: { startSec: number; durationSec: number; text: string }[];
}

export const WHISPER_TRANSCRIBE_OP = defineSherpaOp<WhisperTranscribeArgs, WhisperTranscribeResult>(
  'whisper.transcribe',
  String.raw`(sherpa, args, cache) => {
  const config = {
    featConfig: { sampleRate: 16000, featureDim: 80 },
    modelConfig: {
      // Segment timestamps (Whisper's timestamp tokens) cut a long stretch into sentences with times; the flag must be a number.
      whisper: { encoder: args.encoder, decoder: args.decoder, language: args.language, task: 'transcribe', enableSegmentTimestamps: 1 },
      tokens: args.tokens,
      numThreads: args.numThreads,
      provider: 'cpu',
      debug: 0,
    },
    decodingMethod: 'greedy_search',
  };
  const recognizer = cache.once('whisper:' + JSON.stringify(config), () => new sherpa.OfflineRecognizer(config));
  ${PCM16_WAV_READER_SOURCE}
  // The header of the file being transcribed is parsed once; each call reads only its stretch's samples.
  const stat = require('node:fs').statSync(args.wavFile);
  const stamp = args.wavFile + ':' + stat.size + ':' + stat.mtimeMs;
  let last = cache.get('whisper:wav');
  if (!last || last.stamp !== stamp) {
    last = { stamp, wav: openPcm16Wav(args.wavFile, 'Speech recognition') };
    cache.set('whisper:wav', last);
  }
  const wav = last.wav;
  if (wav.sampleRate !== 16000) throw new Error('speech recognition needs 16 kHz audio, got ' + wav.sampleRate + ' Hz');
  const stream = recognizer.createStream();
  stream.acceptWaveform({ samples: wav.read(args.startSample, args.endSample), sampleRate: wav.sampleRate });
  recognizer.decode(stream);
  const result = recognizer.getResult(stream);
  return {
    text: result.text || '',
    lang: result.lang || '',
    tokens: result.tokens || [],
    timestamps: result.timestamps || [],
    logProbs: result.ys_log_probs || [],
    segments: (result.segment_texts || []).map((text, i) => ({
      startSec: result.segment_timestamps[i],
      durationSec: result.segment_durations[i],
      text,
    })),
  };
}`,
);
