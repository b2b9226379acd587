// Spoken language identification with a multilingual Whisper model (sherpa-onnx SpokenLanguageIdentification).
import { defineSherpaOp } from '../op.js';

export interface LanguageIdArgs {
  encoder: string;
  decoder: string;
  /** Mono speech, -1..1, at most ~30 s (Whisper's window). */
  samples: Float32Array;
  sampleRate: number;
  numThreads: number;
}

export interface LanguageIdResult {
  /** Whisper's code ("en", "de", "zh"). */
  language: string;
}

export const LANGUAGE_ID_OP = defineSherpaOp<LanguageIdArgs, LanguageIdResult>(
  'whisper.identify-language',
  String.raw`(sherpa, args, cache) => {
  const config = { whisper: { encoder: args.encoder, decoder: args.decoder }, numThreads: args.numThreads, provider: 'cpu', debug: 0 };
  const identifier = cache.once('slid:' + JSON.stringify(config), () => new sherpa.SpokenLanguageIdentification(config));
  const stream = identifier.createStream();
  stream.acceptWaveform({ samples: args.samples, sampleRate: args.sampleRate });
  return { language: identifier.compute(stream) };
}`,
);
