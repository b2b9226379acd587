// Neural speaker diarization: pyannote segmentation 3.0 and a speaker-embedding model, run by sherpa-onnx
// (OfflineSpeakerDiarization) in the supervised child. Available once both models are installed.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DubDeskError } from '../../../shared/errors.js';
import { encodeWav } from '../../media/audio.js';
import { resample } from '../../media/dsp/resample.js';
import {
  PYANNOTE_SEGMENTATION_FILE,
  PYANNOTE_SEGMENTATION_MODEL,
  SPEAKER_EMBEDDING_FILE,
  SPEAKER_EMBEDDING_MODEL,
} from '../../models/entries/speakers.js';
import type { EngineModels } from '../registry.js';
import type { SherpaHost } from '../sherpa/host.js';
import { SPEAKER_DIARIZATION_OP } from '../sherpa/ops/speaker-diarization.js';
import { DEFAULT_MAX_SPEAKERS } from './feature-clustering.js';
import type { Diarizer, SpeakerSegment } from './types.js';

export const SHERPA_DIARIZATION_ID = 'sherpa-diarization';
const SAMPLE_RATE = 16_000;
/** sherpa-onnx's own default: cosine distance between voice fingerprints above which they are different speakers. */
const CLUSTER_THRESHOLD = 0.5;
const THREADS = Math.min(4, os.availableParallelism());

export interface SherpaDiarizationModels {
  segmentation: { id: string; file: string };
  embedding: { id: string; file: string };
}

const DEFAULT_MODELS: SherpaDiarizationModels = {
  segmentation: { id: PYANNOTE_SEGMENTATION_MODEL, file: PYANNOTE_SEGMENTATION_FILE },
  embedding: { id: SPEAKER_EMBEDDING_MODEL, file: SPEAKER_EMBEDDING_FILE },
};

/** sherpa's numbered speakers as `speaker_0...` in order of first appearance, segments in time order. */
export function namedSegments(raw: readonly { start: number; end: number; speaker: number }[]): SpeakerSegment[] {
  const ordered = [...raw].sort((a, b) => a.start - b.start || a.speaker - b.speaker);
  const names = new Map<number, string>();
  return ordered.map((segment) => {
    if (!names.has(segment.speaker)) names.set(segment.speaker, `speaker_${names.size}`);
    return {
      startMs: Math.round(segment.start * 1000),
      endMs: Math.round(segment.end * 1000),
      speaker: names.get(segment.speaker)!,
    };
  });
}

export function createSherpaDiarizer(
  host: SherpaHost,
  models: EngineModels,
  files: SherpaDiarizationModels = DEFAULT_MODELS,
): Diarizer & { dispose(): Promise<void> } {
  const titleOf = (id: string) => models.catalogue.find(id)?.title ?? id;
  return {
    id: SHERPA_DIARIZATION_ID,
    title: `${titleOf(files.segmentation.id)} + ${titleOf(files.embedding.id)} (sherpa-onnx)`,
    quality: 'standard',
    isAvailable: () => models.isInstalled(files.segmentation.id) && models.isInstalled(files.embedding.id),

    async diarize(samples, sampleRate, options) {
      const segmentation = models.requireInstalled(files.segmentation.id);
      const embedding = models.requireInstalled(files.embedding.id);
      const min = Math.max(1, options.speakers?.min ?? 1);
      const max = Math.max(min, options.speakers?.max ?? Math.max(min, DEFAULT_MAX_SPEAKERS));
      // The child reads the audio from a file: a film's samples are too large to send as a message.
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-diarize-'));
      try {
        const wavFile = path.join(dir, 'speech.wav');
        const audio = sampleRate === SAMPLE_RATE ? samples : resample(samples, sampleRate, SAMPLE_RATE);
        await fs.writeFile(wavFile, encodeWav(audio, SAMPLE_RATE));
        const result = await host.run(
          SPEAKER_DIARIZATION_OP,
          {
            segmentation: segmentation.file(files.segmentation.file),
            embedding: embedding.file(files.embedding.file),
            wavFile,
            numClusters: min === max ? min : 0,
            threshold: CLUSTER_THRESHOLD,
            minSpeakers: min,
            maxSpeakers: max,
            numThreads: THREADS,
          },
          { subject: { title: segmentation.entry.title, modelId: segmentation.entry.id }, signal: options.signal },
        );
        return namedSegments(result.segments);
      } catch (error) {
        if (error instanceof DubDeskError) throw error;
        throw new DubDeskError(
          'engine_failed',
          `Speaker diarization could not prepare its audio: ${(error as Error).message}`,
          { cause: error },
        );
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },

    dispose: () => host.dispose(),
  };
}
