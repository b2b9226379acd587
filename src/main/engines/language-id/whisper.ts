// Spoken language identification with an installed multilingual Whisper model (sherpa-onnx
// SpokenLanguageIdentification), run in the supervised sherpa-onnx child. The smallest installed size answers:
// naming the language takes one decoder step, where a bigger model gains little.
import { DubDeskError } from '../../../shared/errors.js';
import { WHISPER_SIZES, whisperModelId, type WhisperSize } from '../../models/entries/speech.js';
import { installedWhisper } from '../asr/whisper.js';
import { fromWhisperLanguage } from '../asr/whisper-languages.js';
import type { EngineModels } from '../registry.js';
import type { SherpaHost } from '../sherpa/host.js';
import { LANGUAGE_ID_OP } from '../sherpa/ops/language-id.js';
import type { IdentifiedLanguage, LanguageIdentifier } from './types.js';
import { engineRow } from '../capability-table.js';

/** The capability table's row: this engine's title and quality. */
const ROW = engineRow('language-identification', 'whisper-language-id');

/** Whisper hears 30 s at a time: longer speech is judged window by window. */
const WINDOW_SEC = 30;
/** At most this many windows are judged (spread over the speech), so a long film costs a few seconds. */
const MAX_WINDOWS = 5;
/** A window shorter than this (the tail of the speech) says too little to count. */
const MIN_WINDOW_SEC = 2;
const THREADS = 2;

/** Where the windows to judge start: consecutive, or spread evenly over long speech. */
function windowStarts(totalSamples: number, windowSamples: number): number[] {
  const count = Math.max(1, Math.ceil(totalSamples / windowSamples));
  if (count <= MAX_WINDOWS) return Array.from({ length: count }, (_, i) => i * windowSamples);
  const step = (totalSamples - windowSamples) / (MAX_WINDOWS - 1);
  return Array.from({ length: MAX_WINDOWS }, (_, i) => Math.round(i * step));
}

export function createWhisperLanguageIdentifier(
  host: SherpaHost,
  models: EngineModels,
): LanguageIdentifier & { dispose(): Promise<void> } {
  const smallestInstalled = (): WhisperSize | undefined =>
    [...WHISPER_SIZES].reverse().find((size) => models.isInstalled(whisperModelId(size)));

  return {
    id: 'whisper-language-id',
    title: ROW.title,
    quality: ROW.quality,
    isAvailable: () => smallestInstalled() !== undefined,

    /**
     * sherpa names the language without its probability, so the confidence is the share of the judged windows
     * (by length) that name it: 1 when the speech fits one window or all windows agree.
     */
    async identify(samples, sampleRate, { signal }): Promise<IdentifiedLanguage> {
      if (samples.length === 0)
        throw new DubDeskError('no_speech_detected', 'There is no audio to identify the spoken language of.');
      const size = smallestInstalled();
      if (!size)
        throw new DubDeskError(
          'model_not_installed',
          'Identifying the spoken language needs a Whisper model: install one from the Models page.',
        );
      const model = installedWhisper(models, size);
      const windowSamples = WINDOW_SEC * sampleRate;
      const votes = new Map<string, number>();
      for (const start of windowStarts(samples.length, windowSamples)) {
        // A copy: a view would send the whole recording to the child with every window.
        const window = samples.slice(start, Math.min(samples.length, start + windowSamples));
        if (window.length < MIN_WINDOW_SEC * sampleRate && votes.size > 0) continue;
        const { language } = await host.run(
          LANGUAGE_ID_OP,
          {
            encoder: model.files.encoder,
            decoder: model.files.decoder,
            samples: window,
            sampleRate,
            numThreads: THREADS,
          },
          { subject: { title: model.title, modelId: model.id }, signal },
        );
        votes.set(language, (votes.get(language) ?? 0) + window.length);
      }
      const total = [...votes.values()].reduce((sum, weight) => sum + weight, 0);
      const [best, weight] = [...votes.entries()].sort((a, b) => b[1] - a[1])[0]!;
      return { language: fromWhisperLanguage(best), confidence: total > 0 ? weight / total : 0 };
    },

    dispose: () => host.dispose(),
  };
}
