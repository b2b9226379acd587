import path from 'node:path';
import type { Stage } from '../types.js';
import { writeDubTrack } from '../../dubbing/dub-track.js';
import { checkLineSpeakable, judgeLineSpeeds } from '../../dubbing/line-speed.js';
import { planDubTiming, roomPerLineMs, TIMING_DEFAULTS } from '../../dubbing/timing-plan.js';
import type { TranslateDeps, TranslateRequest } from './types.js';
import { translateOutput } from './outputs.js';
import { dubLines } from './lines.js';
import { readProjectSnapshot } from '../project-snapshot.js';
import { plannedEngineOf } from './planned-step.js';
import { chooseSpeakerVoices, cloningVoice } from './synthesize/speaker-voices.js';
import { clipMs, openLineClips } from './synthesize/line-clips.js';
import { synthesizedDub } from './synthesize/synthesized-dub.js';

/** A faster voice sounds more natural than a stretched one, so the rate boost is used before the stretch. */
export const MAX_RATE_BOOST = 1.25;

/** Lines synthesized at once: enough to keep the TTS workers busy, few enough that memory stays flat in the number of lines. */
const SYNTHESIS_CONCURRENCY = 4;

/**
 * Runs `work` for each item with at most `limit` running at a time; results in item order. After a failure no new
 * item starts, and the first error is thrown once the running ones have settled (nothing keeps working behind it).
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
  return results;
}

/** dubbing: a voice per speaker, every line spoken, fitted to its cue, and assembled into one dub track. */
export function synthesizeStage(deps: TranslateDeps): Stage<TranslateRequest> {
  return {
    name: 'synthesize',
    label: 'Synthesizing voices',
    status: 'dubbing',
    weight: 2,
    async run(input, ctx) {
      const { request, outputs } = input;
      // The planned voice engine must still be there (a retry after its voice model was removed fails naming it).
      const planned = deps.engines.planned(
        'voices',
        plannedEngineOf(input, deps.engines, 'speak'),
        'Voicing the translation',
      );
      ctx.log(`voicing with ${planned.id}, as planned`);
      const prepared = translateOutput(outputs, 'prepare-media');
      const { cues } = await dubLines({ request, outputs }, ctx);
      const mediaDurationMs = Math.round(prepared.media.durationSec * 1000);
      const cloning = cloningVoice(request, planned, deps);
      const project = await readProjectSnapshot(ctx.workDir);
      const choices = await chooseSpeakerVoices(input, ctx, deps, { planned, cloning, project, cues });
      const lineClips = await openLineClips(ctx, deps, choices, project, cues.length * 2);

      // Pass 1 at the normal rate tells how fast each line must be; pass 2 re-speaks only the lines that must be faster.
      const alignVideo = request.align_video ?? false;
      const options = { maxStretch: deps.maxStretch, maxRateBoost: MAX_RATE_BOOST, alignVideo };
      const rooms = roomPerLineMs(cues, mediaDurationMs, TIMING_DEFAULTS.minGapMs);
      const first = await mapBounded(cues, SYNTHESIS_CONCURRENCY, async (cue, i) => {
        const clip = await lineClips.speak(cue, 1);
        // A line that cannot be spoken intelligibly in its time fails the job at once, not after every other line.
        if (!alignVideo) checkLineSpeakable(cue, clipMs(clip), rooms[i]!);
        return clip;
      });
      const draft = planDubTiming({ cues, speechMs: first.map(clipMs), mediaDurationMs }, options);
      const clips = await mapBounded(cues, SYNTHESIS_CONCURRENCY, async (cue, i) =>
        draft.lines[i]!.rate > 1 ? lineClips.speak(cue, draft.lines[i]!.rate) : lineClips.reuse(first[i]!),
      );
      const plan = planDubTiming(
        { cues, speechMs: clips.map(clipMs), synthesizedRates: draft.lines.map((line) => line.rate), mediaDurationMs },
        options,
      );
      if (lineClips.usesProjectTakes)
        ctx.log(
          `${lineClips.spokenCount()} clips synthesized; the project's saved audio served the rest of ${cues.length} lines`,
        );
      for (const line of plan.summary.lines) ctx.log(line);
      for (const warning of judgeLineSpeeds(plan, deps.maxStretch)) ctx.warn(warning);

      const dubTrack = 'audio/dub.wav';
      const written = await writeDubTrack(path.join(ctx.workDir, dubTrack), clips, plan.lines, {
        durationMs: plan.outputDurationMs,
        signal: ctx.signal,
      });
      for (const line of written.log) ctx.log(line);
      await lineClips.finish();
      return synthesizedDub({
        dubTrack,
        cues,
        plan,
        placed: written.placed,
        normalMs: new Map(cues.map((cue, i) => [cue.index, Math.round(clipMs(first[i]!))])),
        choices,
        fps: prepared.media.fps,
      });
    },
  };
}
