// voice_model=real (or a selected cloning voice): every speaker speaks in their own voice, cloned from a reference cut
// from their own lines in the cleanest recording the job has (the separated vocals, else the original speech).
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Voice } from '../../../engines/tts/types.js';
import type { StageContext, StageInput } from '../../types.js';
import { resolveWorkPath } from '../../work-paths.js';
import type { VoiceChoice } from '../../../dubbing/choose-voices.js';
import { chooseReferences, cutReference, describeReference } from '../../../dubbing/clone-references.js';
import { spokenLines } from '../lines.js';
import { skippableOutput, translateOutput } from '../outputs.js';
import type { TranslateDeps, TranslateRequest } from '../types.js';

export interface ClonedVoiceChoice extends VoiceChoice {
  /** The speaker's reference: the WAV (absolute, for synthesis) and what it says. */
  reference: { wavFile: string; text: string };
  /** Where it was cut from, relative to the work dir, and when (input timeline). */
  referenceFile: string;
  startMs: number;
  endMs: number;
}

const REFERENCES_DIR = 'audio/references';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** The recording to cut references from: the separated vocals (no music under the voice) when the separate stage made them. */
async function referenceSource(
  input: StageInput<TranslateRequest>,
  workDir: string,
): Promise<{ file: string; label: string }> {
  const separated = skippableOutput(input.outputs, 'separate');
  if (separated && (await exists(resolveWorkPath(workDir, separated.vocals)))) {
    return { file: resolveWorkPath(workDir, separated.vocals), label: `separated vocals, ${separated.separator}` };
  }
  return {
    file: path.join(workDir, translateOutput(input.outputs, 'prepare-media').speechWav),
    label: 'original speech',
  };
}

/** A cloning voice per speaker, each with a reference cut from their own lines; the log says which. */
export async function cloneVoices(
  voice: Voice,
  speakers: readonly string[],
  input: StageInput<TranslateRequest>,
  ctx: StageContext,
  deps: TranslateDeps,
): Promise<Map<string, ClonedVoiceChoice>> {
  // The reference's transcript is what the speaker said: the spoken lines, in the source language.
  const spoken = await spokenLines(input, ctx);
  const spans = chooseReferences(spoken.cues);
  const source = await referenceSource(input, ctx.workDir);
  const choices = new Map<string, ClonedVoiceChoice>();
  for (const [i, speaker] of speakers.entries()) {
    const span = spans.get(speaker);
    if (!span) throw new Error(`Speaker ${speaker} has no line to clone a voice from.`);
    const referenceFile = `${REFERENCES_DIR}/speaker-${i + 1}.wav`;
    await cutReference(source.file, span, path.join(ctx.workDir, referenceFile), {
      ffmpeg: deps.media.ffmpeg,
      signal: ctx.signal,
    });
    const reason = describeReference(span, source.label);
    choices.set(speaker, {
      voiceId: voice.id,
      pitchSemitones: 0,
      reason: `${reason}, spoken by ${voice.id}`,
      reference: { wavFile: path.join(ctx.workDir, referenceFile), text: span.text },
      referenceFile,
      startMs: span.startMs,
      endMs: span.endMs,
    });
  }
  return choices;
}
