// Whisper speech recognition (sherpa-onnx OfflineRecognizer, int8 exports from the model catalogue), one engine per
// size, run in the supervised sherpa-onnx child. Whisper hears at most 30 s at a time, so it transcribes each region
// of speech (voice activity detection), cut into stretches of at most ~28 s; its timestamp tokens place the
// sentences inside each stretch on the media timeline.
import os from 'node:os';
import { DubDeskError } from '../../../shared/errors.js';
import { findLanguage } from '../../../shared/languages.js';
import { whisperFileNames, whisperModelId, WHISPER_SIZES, type WhisperSize } from '../../models/entries/speech.js';
import type { EngineModels } from '../registry.js';
import type { SherpaHost } from '../sherpa/host.js';
import { WHISPER_TRANSCRIBE_OP, type WhisperTranscribeResult } from '../sherpa/ops/whisper.js';
import { readWavInfo } from '../sherpa/wav-info.js';
import type { SpeechRegion } from '../vad/types.js';
import type { RecognizedWord, SpeechRecognizer, TranscribedSegment, Transcript } from './types.js';
import {
  fromWhisperLanguage,
  toWhisperLanguage,
  WHISPER_LANGUAGES,
  WHISPER_V3_LANGUAGES,
} from './whisper-languages.js';

/** Longest stretch given to Whisper at once: its window is 30 s, and sherpa wants some silence after the speech. */
export const WHISPER_MAX_STRETCH_MS = 28_000;
const SAMPLE_RATE = 16_000;
const MIN_STRETCH_SAMPLES = SAMPLE_RATE / 10;
/** ONNX Runtime threads per decode: the cores, up to four (more gains little for one stream). */
export const WHISPER_THREADS = Math.min(4, os.availableParallelism());

export interface WhisperFiles {
  encoder: string;
  decoder: string;
  tokens: string;
}

/** The files of an installed Whisper size, its title, and its catalogue id. */
export function installedWhisper(
  models: EngineModels,
  size: WhisperSize,
): { id: string; title: string; files: WhisperFiles } {
  const installed = models.requireInstalled(whisperModelId(size));
  const names = whisperFileNames(size);
  return {
    id: installed.entry.id,
    title: installed.entry.title,
    files: {
      encoder: installed.file(names.encoder),
      decoder: installed.file(names.decoder),
      tokens: installed.file(names.tokens),
    },
  };
}

/** The languages a Whisper size knows (large-v3 turbo adds Cantonese). */
export function whisperLanguages(size: WhisperSize): readonly string[] {
  return size === 'turbo' ? WHISPER_V3_LANGUAGES : WHISPER_LANGUAGES;
}

/** Cuts regions longer than `maxMs` into equal stretches no longer than it. */
export function stretchesOf(regions: readonly SpeechRegion[], maxMs = WHISPER_MAX_STRETCH_MS): SpeechRegion[] {
  return regions.flatMap((region) => {
    const length = region.endMs - region.startMs;
    if (length <= 0) return [];
    const pieces = Math.ceil(length / maxMs);
    return Array.from({ length: pieces }, (_, i) => ({
      startMs: Math.round(region.startMs + (length * i) / pieces),
      endMs: Math.round(region.startMs + (length * (i + 1)) / pieces),
    }));
  });
}

/** Words from sherpa's token times (only models exported with attention outputs give them): a word starts at a space. */
function wordsOf(
  result: WhisperTranscribeResult,
  stretch: SpeechRegion,
  from: number,
  to: number,
): RecognizedWord[] | undefined {
  if (result.timestamps.length !== result.tokens.length || result.tokens.length === 0) return undefined;
  const words: RecognizedWord[] = [];
  // A word's confidence: the geometric mean of its tokens' probabilities, where sherpa gives them.
  const logProbs = result.logProbs?.length === result.tokens.length ? result.logProbs : undefined;
  const tokenLogs: number[][] = [];
  result.tokens.forEach((token, i) => {
    const atMs = stretch.startMs + result.timestamps[i]! * 1000;
    if (atMs < from || atMs >= to) return;
    const last = words.at(-1);
    if (last && !/^\s/.test(token)) {
      last.text += token;
      if (logProbs) tokenLogs.at(-1)!.push(logProbs[i]!);
    } else if (token.trim()) {
      if (last) last.endMs = Math.max(last.startMs, atMs);
      words.push({ startMs: Math.round(atMs), endMs: Math.round(atMs), text: token.trim() });
      tokenLogs.push(logProbs ? [logProbs[i]!] : []);
    }
  });
  const last = words.at(-1);
  if (last) last.endMs = Math.round(to);
  if (logProbs)
    words.forEach((word, w) => {
      word.confidence = Math.exp(tokenLogs[w]!.reduce((sum, value) => sum + value, 0) / tokenLogs[w]!.length);
    });
  return words.length > 0 ? words : undefined;
}

/** The timed segments of one stretch: Whisper's own sentences where it gave timestamps, else the stretch as a whole. */
export function segmentsOf(result: WhisperTranscribeResult, stretch: SpeechRegion): TranscribedSegment[] {
  const clamp = (ms: number) => Math.min(stretch.endMs, Math.max(stretch.startMs, Math.round(ms)));
  const timed = result.segments.filter((segment) => segment.text.trim());
  if (timed.length === 0) {
    const text = result.text.trim();
    if (!text) return [];
    const words = wordsOf(result, stretch, stretch.startMs, stretch.endMs);
    return [{ startMs: stretch.startMs, endMs: stretch.endMs, text, ...(words ? { words } : {}) }];
  }
  return timed.map((segment, i) => {
    const startMs = clamp(stretch.startMs + segment.startSec * 1000);
    // An unclosed last sentence (no end timestamp) runs to the next one, or to the end of the stretch.
    const next = timed[i + 1];
    const endMs =
      segment.durationSec > 0
        ? clamp(stretch.startMs + (segment.startSec + segment.durationSec) * 1000)
        : next
          ? clamp(stretch.startMs + next.startSec * 1000)
          : stretch.endMs;
    const words = wordsOf(result, stretch, startMs, endMs);
    return { startMs, endMs: Math.max(startMs, endMs), text: segment.text.trim(), ...(words ? { words } : {}) };
  });
}

/** The language most stretches were decoded in (by speech length), in DubDesk's code. */
function mostHeard(heard: { lang: string; ms: number }[]): string | undefined {
  const byLanguage = new Map<string, number>();
  for (const { lang, ms } of heard) if (lang) byLanguage.set(lang, (byLanguage.get(lang) ?? 0) + ms);
  const best = [...byLanguage.entries()].sort((a, b) => b[1] - a[1])[0];
  return best ? fromWhisperLanguage(best[0]) : undefined;
}

export function createWhisperRecognizer(
  host: SherpaHost,
  models: EngineModels,
  size: WhisperSize,
): SpeechRecognizer & { dispose(): Promise<void> } {
  const modelId = whisperModelId(size);
  const languages = whisperLanguages(size);
  const catalogueTitle = models.catalogue.find(modelId)?.title ?? `Whisper ${size}`;

  return {
    id: modelId,
    title: catalogueTitle,
    quality: 'standard',
    isAvailable: () => models.isInstalled(modelId),
    supports: (language) => language === 'auto' || toWhisperLanguage(language, languages) !== undefined,

    async transcribe(wavFile, { language, regions, signal, onProgress }): Promise<Transcript> {
      const model = installedWhisper(models, size);
      let whisperLanguage = '';
      if (language !== undefined) {
        const code = toWhisperLanguage(language, languages);
        if (!code)
          throw new DubDeskError(
            'unsupported_language',
            `${model.title} cannot transcribe ${findLanguage(language)?.name ?? language}.`,
          );
        whisperLanguage = code;
      }
      const wav = await readWavInfo(wavFile);
      if (wav.sampleRate !== SAMPLE_RATE || wav.channels !== 1 || wav.bitsPerSample !== 16) {
        throw new DubDeskError(
          'internal',
          `Whisper needs 16 kHz mono 16-bit audio; ${wavFile} is ${wav.sampleRate} ` +
            `Hz, ${wav.channels} channel(s), ${wav.bitsPerSample}-bit.`,
        );
      }
      const durationMs = (wav.sampleCount / SAMPLE_RATE) * 1000;
      const stretches = stretchesOf(regions ?? [{ startMs: 0, endMs: durationMs }]);
      const toSample = (ms: number) => Math.min(wav.sampleCount, Math.max(0, Math.round((ms / 1000) * SAMPLE_RATE)));
      const segments: TranscribedSegment[] = [];
      const heard: { lang: string; ms: number }[] = [];
      for (const [i, stretch] of stretches.entries()) {
        const startSample = toSample(stretch.startMs);
        const endSample = toSample(stretch.endMs);
        // A region past the end of the file (or a sliver of one) holds nothing to hear.
        if (endSample - startSample < MIN_STRETCH_SAMPLES) {
          onProgress?.((i + 1) / stretches.length);
          continue;
        }
        const result = await host.run(
          WHISPER_TRANSCRIBE_OP,
          {
            ...model.files,
            wavFile,
            startSample,
            endSample,
            language: whisperLanguage,
            numThreads: WHISPER_THREADS,
          },
          { subject: { title: model.title, modelId: model.id }, signal },
        );
        segments.push(...segmentsOf(result, stretch));
        if (result.text.trim()) heard.push({ lang: result.lang, ms: stretch.endMs - stretch.startMs });
        onProgress?.((i + 1) / stretches.length);
      }
      // Without speech nothing was heard to name a language: the one asked for, else English as Whisper assumes.
      return { language: language ?? mostHeard(heard) ?? 'en', segments };
    },

    dispose: () => host.dispose(),
  };
}

/** Every Whisper size, most accurate first; each is available once its model is installed. */
export function createWhisperRecognizers(
  host: SherpaHost,
  models: EngineModels,
): (SpeechRecognizer & { dispose(): Promise<void> })[] {
  return WHISPER_SIZES.map((size) => createWhisperRecognizer(host, models, size));
}
