// The synthesize stage's clips: each line spoken in its speaker's voice at a rate, trimmed and kept on disk (only
// their lengths stay in memory). A project keeps them by content, so its next export speaks only the lines that changed.
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { trimSilence } from '../../../media/dsp/envelope.js';
import { speakableText } from '../../../media/srt.js';
import type { VoiceChoice } from '../../../dubbing/choose-voices.js';
import { clipKey, EXPORT_CLIP_USER, openClipCache } from '../../../dubbing/clip-cache.js';
import { saveClip, type StoredClip } from '../../../dubbing/dub-track.js';
import type { ProjectSnapshot } from '../../project-snapshot.js';
import type { StageContext } from '../../types.js';
import type { ClonedVoiceChoice } from './clone-voices.js';
import type { SpeakerVoices } from './speaker-voices.js';
import type { DubCue, TranslateDeps } from '../types.js';

export interface LineClips {
  /** Speaks a line at `rate`, or takes the project's saved take of the same synthesis; counts toward the progress. */
  speak(cue: DubCue, rate: number): Promise<StoredClip>;
  /** Counts toward the progress a line the first pass already spoke at the rate it keeps. */
  reuse(clip: StoredClip): StoredClip;
  /** How many clips the voice engine spoke (a project's saved takes served the others). */
  spokenCount(): number;
  /** Whether the job exports a project, whose saved takes are reused. */
  usesProjectTakes: boolean;
  /** Removes the clips folder, and records the takes this export used as what the project keeps. */
  finish(): Promise<void>;
}

/** A clip's length, ms. */
export const clipMs = (clip: StoredClip): number => (clip.length / clip.sampleRate) * 1000;

/** Clips for `progressSteps` speak or reuse calls in all (two passes over the lines). */
export async function openLineClips(
  ctx: StageContext,
  deps: TranslateDeps,
  choices: SpeakerVoices,
  project: ProjectSnapshot | undefined,
  progressSteps: number,
): Promise<LineClips> {
  const clipDir = path.join(ctx.workDir, 'audio', 'clips');
  await rm(clipDir, { recursive: true, force: true });
  await mkdir(clipDir, { recursive: true });
  const cache = project ? await openClipCache(project.clipCache, { ffmpeg: deps.media.ffmpeg }) : undefined;
  let done = 0;
  let spoken = 0;
  return {
    async speak(cue, rate) {
      const choice = choices.get(cue.speaker)!;
      // A line given its own voice in the project speaks it as is; the speaker's voice keeps its pitch and reference.
      const own: VoiceChoice | ClonedVoiceChoice =
        cue.voiceId && cue.voiceId !== choice.voiceId
          ? { voiceId: cue.voiceId, pitchSemitones: 0, reason: '' }
          : choice;
      const reference = 'reference' in own ? { reference: (own as ClonedVoiceChoice).reference } : {};
      const synthesis = {
        text: speakableText(cue.text),
        voiceId: own.voiceId,
        rate,
        pitchSemitones: own.pitchSemitones,
        ...reference,
      };
      const key = clipKey(synthesis);
      const cached = cache?.find(key, cue.index);
      if (cached) {
        ctx.progress(++done / progressSteps);
        return cached;
      }
      const speech = await deps.engines.ttsFor(own.voiceId).synthesize({ ...synthesis, signal: ctx.signal });
      spoken++;
      ctx.progress(++done / progressSteps);
      const trimmed = trimSilence(speech.samples, speech.sampleRate).samples;
      if (cache) return cache.save(key, cue.index, trimmed, speech.sampleRate, ctx.signal);
      return saveClip(
        path.join(clipDir, `${cue.index}-${rate === 1 ? 'normal' : 'fast'}.f32`),
        cue.index,
        trimmed,
        speech.sampleRate,
      );
    },
    reuse(clip) {
      ctx.progress(++done / progressSteps);
      return clip;
    },
    spokenCount: () => spoken,
    usesProjectTakes: cache !== undefined,
    async finish() {
      await rm(clipDir, { recursive: true, force: true });
      // The project keeps the takes of its last export (clip-cache.ts), so the next export after an edit reuses them.
      await cache?.recordUse(EXPORT_CLIP_USER);
    },
  };
}
