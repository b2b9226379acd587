// What the synthesize stage saves: the dub track's timing carried to the cues (output timeline), the picture's
// retiming, each speaker's voice and each line as the track holds it.
import type { PlacedClip } from '../../../dubbing/dub-track.js';
import type { TimingPlan } from '../../../dubbing/timing-plan.js';
import { createTimeMap, videoRetimeFilter } from '../../../media/video-retime.js';
import type { SpeakerVoices } from './speaker-voices.js';
import type { DubCue, SpokenLine, SynthesizedDub } from '../types.js';

export interface DubParts {
  /** The dub track, relative to the work dir. */
  dubTrack: string;
  cues: readonly DubCue[];
  plan: TimingPlan;
  /** Where each line sounds in the written track, in cue order. */
  placed: readonly PlacedClip[];
  /** Each line's length at its voice's normal rate, ms, by cue index. */
  normalMs: ReadonlyMap<number, number>;
  choices: SpeakerVoices;
  /** The input's frame rate, when it has a picture to retime. */
  fps: number | undefined;
}

export function synthesizedDub({ dubTrack, cues, plan, placed, normalMs, choices, fps }: DubParts): SynthesizedDub {
  const spokenLines = placed.map((clip): SpokenLine => ({
    index: clip.index,
    normalMs: normalMs.get(clip.index) ?? 0,
    placedStartMs: clip.startMs,
    placedEndMs: clip.endMs,
  }));
  const map = createTimeMap(plan.slowdowns);
  const outputCues = cues.map((cue, i) => {
    const clip = placed[i]!;
    const nextStart = i + 1 < cues.length ? plan.toOutputMs(cues[i + 1]!.startMs) : plan.outputDurationMs;
    // The subtitle stays up while its line is spoken, even when the voice borrowed the pause after the cue.
    return {
      ...cue,
      startMs: plan.toOutputMs(cue.startMs),
      endMs: Math.min(nextStart, Math.max(plan.toOutputMs(cue.endMs), clip.endMs)),
    };
  });
  return {
    dubTrack,
    outputDurationMs: plan.outputDurationMs,
    slowdowns: plan.slowdowns,
    outputCues,
    videoFilters: map.segments.length && fps ? [videoRetimeFilter(plan.slowdowns, fps)] : [],
    voices: Object.fromEntries(
      [...choices].map(([speaker, choice]) => [
        speaker,
        {
          voiceId: choice.voiceId,
          pitchSemitones: choice.pitchSemitones,
          ...('reference' in choice
            ? {
                reference: {
                  file: choice.referenceFile,
                  startMs: choice.startMs,
                  endMs: choice.endMs,
                  text: choice.reference.text,
                },
              }
            : {}),
        },
      ]),
    ),
    spoken: spokenLines,
  };
}
