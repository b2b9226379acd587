// The built-in TTS engine: eSpeak NG (WebAssembly, GPL-3.0) through a small worker pool. Robotic, but offline,
// instant and in ~100 languages; neural voices come later through the model manager behind the same interface.
import { DubDeskError } from '../../../shared/errors.js';
import { engineRow } from '../capability-table.js';
import { cleanSpeechText, decodeWavPcm16, synthesisArguments } from './espeak-cli.js';
import { ESPEAK_TEXT_FILE, ESPEAK_WAV_FILE, EspeakPool, type EspeakPoolOptions } from './espeak-pool.js';
import { ESPEAK_ENGINE_ID, findVoice, listVoices } from './voice-catalogue.js';
import type { SynthesisRequest, SynthesizedSpeech, TtsEngine, Voice } from './types.js';

/** eSpeak NG writes 22.05 kHz mono. */
export const ESPEAK_SAMPLE_RATE = 22_050;

export interface EspeakEngine extends TtsEngine {
  /** As the capability table names it (the translate plan shows it). */
  readonly title: string;
  /** Compiles the WebAssembly module now instead of on the first synthesis. */
  warmUp(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * `rate` maps to `-s` words per minute (175 x rate, limited to 80..450 by this build: 0.46x..2.57x); `pitchSemitones`
 * maps to `-p` on a measured curve (espeak-cli.ts PITCH_CURVE: -6.8..+8.85 st). Empty text gives empty speech.
 */
export function createEspeakEngine(options: EspeakPoolOptions = {}): EspeakEngine {
  const pool = new EspeakPool(options);
  return {
    id: ESPEAK_ENGINE_ID,
    title: engineRow('voices', 'espeak').title,
    voices: (): Voice[] => listVoices(),
    async synthesize(request: SynthesisRequest): Promise<SynthesizedSpeech> {
      const voice = findVoice(request.voiceId);
      if (!voice)
        throw new DubDeskError('not_found', `No built-in voice '${request.voiceId}'. GET /v1/voices lists the voices.`);
      const text = cleanSpeechText(request.text);
      if (request.signal?.aborted)
        throw new DubDeskError('cancelled', 'Speech synthesis was cancelled.', { cause: request.signal.reason });
      if (!text) return { samples: new Float32Array(0), sampleRate: ESPEAK_SAMPLE_RATE };
      const args = synthesisArguments({
        voice: voice.espeakVoice,
        rate: request.rate,
        pitchSemitones: request.pitchSemitones,
        textFile: ESPEAK_TEXT_FILE,
        wavFile: ESPEAK_WAV_FILE,
      });
      const { file } = await pool.run({ args, text, readFile: ESPEAK_WAV_FILE, signal: request.signal });
      try {
        return decodeWavPcm16(file!);
      } catch (error) {
        throw new DubDeskError(
          'engine_failed',
          `eSpeak NG wrote an unreadable WAV for ${voice.id}: ${(error as Error).message}`,
          { cause: error },
        );
      }
    },
    warmUp: () => pool.warmUp(),
    dispose: () => pool.close(),
  };
}
