// Text to speech with sherpa-onnx OfflineTts (Piper/VITS, Kokoro, ZipVoice cloning), in the sherpa-onnx child.
import { defineSherpaOp } from '../op.js';

export type SherpaTtsModel =
  | { kind: 'vits'; model: string; tokens: string; dataDir: string }
  | { kind: 'kokoro'; model: string; voices: string; tokens: string; dataDir: string; lexicon: string }
  | {
      kind: 'zipvoice';
      encoder: string;
      decoder: string;
      vocoder: string;
      tokens: string;
      dataDir: string;
      lexicon: string;
    };

export interface SherpaTtsArgs {
  model: SherpaTtsModel;
  text: string;
  /** Speaker id inside the model (Kokoro's voices; 0 for single-speaker voices). */
  sid: number;
  /** 1 = the voice's normal speed. */
  speed: number;
  /** Kokoro: the eSpeak voice for words outside its lexicons. */
  lang?: string;
  /** Cloning models: a 16-bit PCM WAV of the voice to speak in, and what it says. */
  referenceWav?: string;
  referenceText?: string;
  numThreads: number;
}

export interface SherpaTtsResult {
  samples: Float32Array;
  sampleRate: number;
}

export const SHERPA_TTS_OP = defineSherpaOp<SherpaTtsArgs, SherpaTtsResult>(
  'tts.generate',
  String.raw`(sherpa, args, cache) => {
  const m = args.model;
  const model = m.kind === 'vits'
    ? { vits: { model: m.model, tokens: m.tokens, dataDir: m.dataDir } }
    : m.kind === 'kokoro'
      ? { kokoro: { model: m.model, voices: m.voices, tokens: m.tokens, dataDir: m.dataDir, lexicon: m.lexicon } }
      : { zipvoice: { encoder: m.encoder, decoder: m.decoder, vocoder: m.vocoder, tokens: m.tokens, dataDir: m.dataDir, lexicon: m.lexicon } };
  const config = { model: { ...model, numThreads: args.numThreads, provider: 'cpu', debug: 0 }, maxNumSentences: 1 };
  const tts = cache.once('tts:' + JSON.stringify(config), () => new sherpa.OfflineTts(config));
  const options = { sid: args.sid, speed: args.speed, silenceScale: 0.2 };
  if (args.lang) options.extra = { lang: args.lang };
  if (args.referenceWav) {
    const reference = sherpa.readWave(args.referenceWav);
    options.referenceAudio = reference.samples;
    options.referenceSampleRate = reference.sampleRate;
    if (args.referenceText) options.referenceText = args.referenceText;
    // ZipVoice-Distill's own default: four flow steps.
    options.numSteps = 4;
  }
  const audio = tts.generate({ text: args.text, generationConfig: new sherpa.GenerationConfig(options) });
  // A copy: the addon's buffer may live outside the JS heap, which a message cannot carry.
  return { samples: new Float32Array(audio.samples), sampleRate: audio.sampleRate };
}`,
);
