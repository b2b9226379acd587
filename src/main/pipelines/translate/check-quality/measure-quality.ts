// The translate-and-dub quality report: the recogniser's confidence per line, each dubbed line's real pace and start
// read off the dub track, the original voice's level left in the mix, and the lines' text against their source.
import type { QualityReport, ReviewItem } from '../../../../shared/schemas/quality.js';
import { decodeAudioPcm } from '../../../media/audio.js';
import { wavRmsEnvelope } from '../../../media/dsp/wav-envelope.js';
import { readProjectSnapshot } from '../../project-snapshot.js';
import type { StageContext, StageInput } from '../../types.js';
import { resolveWorkPath } from '../../work-paths.js';
import { jobGlossaryEntries } from '../job-glossaries.js';
import { dubLines, knownSourceLanguage, spokenLines } from '../lines.js';
import { skippableOutput, translateOutput } from '../outputs.js';
import type { DubCue, TranslateDeps, TranslateRequest } from '../types.js';
import {
  LOW_CONFIDENCE_THRESHOLD,
  lineConfidences,
  recognitionConfidence,
} from '../../../quality/translate/line-confidence.js';
import { isUntranslated, missedGlossaryTerms } from '../../../quality/translate/line-text.js';
import {
  ENVELOPE_WINDOW_MS,
  measureSpokenLines,
  SHIFT_LIMIT_MS,
  TOO_FAST_SPEED,
  type MeasuredLine,
} from '../../../quality/translate/spoken-timing.js';
import { voiceReductionDb } from '../../../quality/translate/voice-reduction.js';

/** Levels need no more than this: 2 kHz keeps a 2-hour job's three tracks near 60 MB each (onsets are read at full rate). */
const ANALYSIS_RATE = 2000;

const seconds = (ms: number) => Math.round(ms) / 1000;

function itemFor(
  cue: DubCue,
  at: { startMs: number; endMs: number },
  reason: ReviewItem['reasons'][number],
  detail: string,
): ReviewItem {
  return {
    start: seconds(at.startMs),
    end: seconds(at.endMs),
    reasons: [reason],
    detail,
    ...(cue.index >= 1 ? { line: cue.index } : {}),
    text: cue.text,
  };
}

/** A dubbed line as heard in the dub track against the cue it belongs to (output timeline): too fast, or off its start. */
export function reviewSpokenLine(
  cue: DubCue,
  shown: { startMs: number; endMs: number },
  line: MeasuredLine,
): ReviewItem[] {
  const items: ReviewItem[] = [];
  if (line.speed > TOO_FAST_SPEED)
    items.push(itemFor(cue, shown, 'too_fast', `spoken at ${line.speed.toFixed(2)}x the voice's normal pace`));
  const offsetMs = line.startMs - shown.startMs;
  if (Math.abs(offsetMs) > SHIFT_LIMIT_MS) {
    items.push(
      itemFor(
        cue,
        shown,
        'shifted',
        `the voice starts ${Math.abs(Math.round(offsetMs))} ms ${offsetMs < 0 ? 'before' : 'after'} its line`,
      ),
    );
  }
  return items;
}

export async function measureTranslateQuality(
  input: StageInput<TranslateRequest>,
  ctx: StageContext,
  deps: Pick<TranslateDeps, 'media'>,
): Promise<QualityReport> {
  const { request, outputs } = input;
  const source = await spokenLines(input, ctx);
  const target = await dubLines(input, ctx);
  const synthesized = skippableOutput(outputs, 'synthesize');
  // Review times are the result's: on the output timeline once the dub exists (align_video moves lines).
  const shownAt = new Map((synthesized?.outputCues ?? target.cues).map((cue) => [cue.index, cue]));
  const at = (cue: DubCue) => shownAt.get(cue.index) ?? cue;
  const review: ReviewItem[] = [];

  // Lines the recogniser heard (not given as subtitles or read on screen), scored by its own word confidences.
  const transcript = skippableOutput(outputs, 'transcribe');
  const heard = transcript ? lineConfidences(source.cues, transcript.segments) : [];
  const targetByIndex = new Map(target.cues.map((cue) => [cue.index, cue]));
  const sourceByIndex = new Map(source.cues.map((cue) => [cue.index, cue]));
  for (const line of heard) {
    if (line.confidence >= LOW_CONFIDENCE_THRESHOLD) continue;
    const said = sourceByIndex.get(line.index)!;
    const cue = targetByIndex.get(line.index) ?? said;
    review.push(
      itemFor(
        cue,
        at(cue),
        'low_confidence',
        `the recogniser was ${Math.round(line.confidence * 100)} % sure of "${said.text}"`,
      ),
    );
  }

  // Text: a line that came out as its source, and glossary terms the translation lacks.
  const translated = Boolean(outputs.translate) || Boolean(await readProjectSnapshot(ctx.workDir));
  // Only a translation applied the glossaries, in the job's pair (given final-translation lines are in the target).
  const glossary = translated
    ? await jobGlossaryEntries(ctx.workDir, request, knownSourceLanguage(request, outputs))
    : [];
  for (const cue of target.cues) {
    const original = sourceByIndex.get(cue.index);
    if (!original || !translated) continue;
    if (isUntranslated(original.text, cue.text))
      review.push(itemFor(cue, at(cue), 'not_translated', 'the translation is the same as the original line'));
    for (const term of missedGlossaryTerms(original.text, cue.text, glossary)) {
      review.push(
        itemFor(cue, at(cue), 'glossary_missed', `the glossary's '${term.target}' for '${term.source}' is missing`),
      );
    }
  }

  // The built-in clustering's close calls between one speaker and several (times are the input's, as the lines').
  for (const span of skippableOutput(outputs, 'diarize')?.uncertain ?? []) {
    review.push({ start: span.start, end: span.end, reasons: ['speaker_uncertain'], detail: span.detail });
  }

  const dubbed = synthesized?.spoken && outputs.mix ? await measureDub(input, ctx, deps) : undefined;
  for (const line of dubbed?.lines ?? []) {
    const cue = targetByIndex.get(line.index);
    if (cue) review.push(...reviewSpokenLine(cue, at(cue), line));
  }

  return {
    review,
    recognition_confidence: transcript ? recognitionConfidence(heard) : null,
    max_speed: dubbed?.lines.length
      ? Math.round(Math.max(...dubbed.lines.map((line) => line.speed)) * 100) / 100
      : null,
    original_voice_reduction_db:
      dubbed?.reductionDb === null || dubbed === undefined ? null : Math.round(dubbed.reductionDb * 10) / 10,
    speakers: new Set(target.cues.map((cue) => cue.speaker)).size,
  };
}

/** The dub as it came out: each line's measured start and pace in the dub track, and the original's level left in the mix. */
async function measureDub(
  input: StageInput<TranslateRequest>,
  ctx: StageContext,
  deps: Pick<TranslateDeps, 'media'>,
): Promise<{ lines: MeasuredLine[]; reductionDb: number | null }> {
  const { outputs } = input;
  const synthesized = translateOutput(outputs, 'synthesize');
  const decode = (file: string) =>
    decodeAudioPcm(file, { sampleRate: ANALYSIS_RATE, signal: ctx.signal, ffmpeg: deps.media.ffmpeg });
  const dubTrack = resolveWorkPath(ctx.workDir, synthesized.dubTrack);
  // Onsets at the track's own rate: consonants live above what the level analysis keeps.
  const lines = measureSpokenLines(await wavRmsEnvelope(dubTrack, ENVELOPE_WINDOW_MS), synthesized.spoken ?? []);
  const prepared = translateOutput(outputs, 'prepare-media');
  const speech = skippableOutput(outputs, 'detect-speech');
  const mixed = translateOutput(outputs, 'mix');
  // Slowed video moves the original's speech off its input times; without audio or speech there is nothing to compare.
  if (!prepared.media.audioCodec || !speech || synthesized.slowdowns.length) return { lines, reductionDb: null };
  const dub = await decode(dubTrack);
  const original = await decode(resolveWorkPath(ctx.workDir, prepared.media.path));
  const mix = await decode(resolveWorkPath(ctx.workDir, mixed.audio));
  return {
    lines,
    reductionDb: voiceReductionDb({ original, dub, mix, sampleRate: ANALYSIS_RATE, regions: speech.regions }),
  };
}
