// The built-in diarizer: no model, so it labels the stretches it is given (the transcript's lines) by comparing their
// average timbre (MFCC) and pitch, and groups lines that sound alike. Draft quality: it tells a man from a woman or
// two clearly different voices apart, not two similar voices.
import { DubDeskError } from '../../../shared/errors.js';
import type { SpeechRegion } from '../vad/types.js';
import { clusterAverageLinkage } from './agglomerative.js';
import { mergeUnseparated, SEPARATION_MARGIN, type UncertainDecision } from './cluster-separation.js';
import { regionFeatures, type RegionFeatures } from './region-features.js';
import type { DiarizeOptions, Diarizer, SpeakerSegment } from './types.js';
import { engineRow } from '../capability-table.js';

/** The capability table's row: this engine's title and quality. */
const ROW = engineRow('speaker-diarization', 'feature-clustering');

export const FEATURE_CLUSTERING_ID = 'feature-clustering';
export const DEFAULT_MAX_SPEAKERS = 4;

/** Semitones of median-pitch difference that weigh as much as one unit of timbre distance: pitch drifts within a speaker. */
const PITCH_SEMITONES_PER_UNIT = 24;
/**
 * Merging stops at a fixed distance rather than at the best silhouette, which cannot answer "one speaker". Measured
 * here (eSpeak voices; Debian's pocketsphinx LibriVox narration and other readers cut into 1-4 s lines): one speaker's
 * lines average 0.15-0.2 apart, different speakers 0.5 and more.
 */
const SAME_SPEAKER_DISTANCE = 0.4;
/**
 * Variance of one speaker's lines about their centre, in squared distance: measured 0.044 on Debian's LibriVox
 * reader (5 lines) and 0.042 on the pocketsphinx "cards" speaker (4 lines). Floors the within-cluster spread, which
 * a cluster of one or two lines cannot measure.
 */
const ONE_SPEAKER_LINE_VARIANCE = 0.04;
/**
 * Squared timbre distance one second of speech gives by chance, in spread units: a second holds about ten phones,
 * so a line's mean varies by about 1/10 of the frame-to-frame variance per second of speech.
 */
const TIMBRE_NOISE = 0.1;
const MIN_SECONDS = 0.2;
/** Without given lines, the speech is cut into pieces this long. */
const WINDOW_MS = 2000;
/** A window 20 dB under the loudest one is a pause or background. */
const SILENT_WINDOW_FRACTION = 0.1;

/** Distance of two regions: timbre in units of the recording's frame-to-frame spread, plus pitch. */
function regionDistance(a: RegionFeatures, b: RegionFeatures, spread: Float64Array): number {
  return Math.sqrt(regionDistance2(a, b, spread));
}

/** The squared distance: chance-corrected, so one speaker's lines scatter about a centre by their content alone. */
function regionDistance2(a: RegionFeatures, b: RegionFeatures, spread: Float64Array): number {
  let sum = 0;
  for (let c = 0; c < spread.length; c++) {
    const delta = (a.timbre[c] - b.timbre[c]) / spread[c];
    sum += delta * delta;
  }
  // Each mean is of a few phones, so even one speaker's lines differ by chance; what chance explains is taken off.
  const chance =
    TIMBRE_NOISE / Math.max(a.speechSeconds, MIN_SECONDS) + TIMBRE_NOISE / Math.max(b.speechSeconds, MIN_SECONDS);
  const timbre = Math.max(0, sum / spread.length - chance);
  const pitch =
    a.pitchSemitones !== undefined && b.pitchSemitones !== undefined
      ? (a.pitchSemitones - b.pitchSemitones) / PITCH_SEMITONES_PER_UNIT
      : 0;
  return timbre + pitch * pitch;
}

/** Fixed windows over the recording's loud parts, for a call without the transcript's lines (silence is nobody's). */
function speechWindows(samples: Float32Array, sampleRate: number): SpeechRegion[] {
  const size = Math.max(1, Math.round((WINDOW_MS / 1000) * sampleRate));
  const windows: (SpeechRegion & { rms: number })[] = [];
  for (let start = 0; start < samples.length; start += size) {
    const end = Math.min(samples.length, start + size);
    let energy = 0;
    for (let i = start; i < end; i++) energy += samples[i] * samples[i];
    windows.push({
      startMs: (start / sampleRate) * 1000,
      endMs: (end / sampleRate) * 1000,
      rms: Math.sqrt(energy / (end - start)),
    });
  }
  const loudest = Math.max(0, ...windows.map((window) => window.rms));
  return windows
    .filter((window) => window.rms > loudest * SILENT_WINDOW_FRACTION && window.rms > 1e-4)
    .map(({ startMs, endMs }) => ({ startMs, endMs }));
}

/** Joins touching windows of one speaker, equally sure (only for the windows made here: given lines stay one segment each). */
function joinRuns(segments: SpeakerSegment[]): SpeakerSegment[] {
  const joined: SpeakerSegment[] = [];
  for (const segment of segments) {
    const last = joined[joined.length - 1];
    if (
      last &&
      last.speaker === segment.speaker &&
      last.uncertain === segment.uncertain &&
      last.endMs >= segment.startMs
    )
      last.endMs = segment.endMs;
    else joined.push({ ...segment });
  }
  return joined;
}

/** A speaker per region, and why it is uncertain where it is (see SpeakerSegment.uncertain). */
export interface RegionSpeakers {
  labels: string[];
  uncertain: (string | undefined)[];
}

/** Speaker labels per region, `speaker_0...` in order of first appearance; regions without speech take the nearest labelled neighbour's. */
export async function clusterRegions(
  samples: Float32Array,
  sampleRate: number,
  regions: readonly SpeechRegion[],
  speakers: DiarizeOptions['speakers'] = {},
  signal?: AbortSignal,
): Promise<RegionSpeakers> {
  const { regions: features, timbreSpread } = await regionFeatures(samples, sampleRate, regions, signal);
  const voiced = features
    .map((feature, index) => ({ feature, index }))
    .filter(({ feature }) => feature.timbre.length > 0);
  const min = Math.max(1, speakers.min ?? 1);
  const max = Math.max(min, speakers.max ?? Math.max(min, DEFAULT_MAX_SPEAKERS));
  const grouped = clusterAverageLinkage(
    voiced.length,
    (i, j) => regionDistance(voiced[i].feature, voiced[j].feature, timbreSpread),
    {
      threshold: SAME_SPEAKER_DISTANCE,
      minClusters: min,
      maxClusters: max,
    },
  );
  // Average linkage proposes; clusters whose voices are not reliably apart (Fisher ratio under the margin) are merged.
  const { labels: clusters, uncertain } = mergeUnseparated(
    grouped,
    (i, j) => regionDistance2(voiced[i].feature, voiced[j].feature, timbreSpread),
    {
      floorVariance: ONE_SPEAKER_LINE_VARIANCE,
      minClusters: min,
      maxClusters: max,
    },
  );
  const byRegion = new Array<number | undefined>(regions.length);
  voiced.forEach(({ index }, i) => {
    byRegion[index] = clusters[i];
  });
  const doubt = new Array<string | undefined>(regions.length);
  for (const decision of uncertain)
    for (const i of decision.items) doubt[voiced[i].index] ??= uncertainDetail(decision);
  // A region with no speech of its own (too short, silent) most likely continues the talk around it.
  for (let i = 0; i < byRegion.length; i++) {
    if (byRegion[i] !== undefined) continue;
    let nearest: number | undefined;
    for (let step = 1; nearest === undefined && step < byRegion.length; step++)
      nearest = voicedAt(byRegion, i - step) ?? voicedAt(byRegion, i + step);
    byRegion[i] = nearest ?? 0;
  }
  // Renumbered in order of first appearance in time (the regions may come unsorted).
  const order = regions
    .map((region, index) => ({ region, index }))
    .sort((a, b) => a.region.startMs - b.region.startMs || a.index - b.index);
  const names = new Map<number, string>();
  for (const { index } of order) if (!names.has(byRegion[index]!)) names.set(byRegion[index]!, `speaker_${names.size}`);
  return { labels: byRegion.map((cluster) => names.get(cluster!)!), uncertain: doubt };
}

/** In a user's words: how far apart the voices were (in spreads of one speaker's lines) against the margin. */
function uncertainDetail(decision: UncertainDecision): string {
  const apart = Math.sqrt(decision.ratio).toFixed(1);
  const needed = Math.sqrt(SEPARATION_MARGIN).toFixed(1);
  return decision.merged
    ? `Given the same speaker as other lines, though the voices differ by ${apart} spreads of ` +
        `one speaker's lines (${needed} or more tells two voices apart): this may be another person.`
    : `Given a speaker of its own, though that voice differs from the nearest other speaker's ` +
        `by only ${apart} spreads of one speaker's lines (${needed} tells two voices apart): this ` +
        `may be the same person.`;
}

function voicedAt(labels: readonly (number | undefined)[], index: number): number | undefined {
  return index >= 0 && index < labels.length ? labels[index] : undefined;
}

export function createFeatureClusteringDiarizer(): Diarizer {
  return {
    id: FEATURE_CLUSTERING_ID,
    title: ROW.title,
    quality: ROW.quality,
    async diarize(samples, sampleRate, options) {
      if (options.signal.aborted)
        throw new DubDeskError('cancelled', 'Telling speakers apart was cancelled.', { cause: options.signal.reason });
      const given = options.regions !== undefined;
      const regions = (options.regions ?? speechWindows(samples, sampleRate))
        .filter((region) => region.endMs > region.startMs)
        .sort((a, b) => a.startMs - b.startMs);
      const { labels, uncertain } = await clusterRegions(
        samples,
        sampleRate,
        regions,
        options.speakers,
        options.signal,
      );
      const segments: SpeakerSegment[] = regions.map((region, i) => ({
        startMs: region.startMs,
        endMs: region.endMs,
        speaker: labels[i],
        ...(uncertain[i] ? { uncertain: uncertain[i] } : {}),
      }));
      return given ? segments : joinRuns(segments);
    },
  };
}
