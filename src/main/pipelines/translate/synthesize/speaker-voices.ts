// The synthesize stage's voice per speaker: cloned from their own speech (voice_model real, or a chosen cloning
// voice), the project's voices for them, or a stock voice of the planned engine tuned to their pitch.
import path from 'node:path';
import { languagePart } from '../../../../shared/languages.js';
import type { TtsEngine, Voice } from '../../../engines/tts/types.js';
import { chooseVoices, type VoiceChoice } from '../../../dubbing/choose-voices.js';
import { measureSpeakers, readAnalysisSpeech } from '../../../dubbing/speaker-pitch.js';
import type { ProjectSnapshot } from '../../project-snapshot.js';
import type { StageContext, StageInput } from '../../types.js';
import { cloneVoices, type ClonedVoiceChoice } from './clone-voices.js';
import { translateOutput } from '../outputs.js';
import { plannedCloningVoice, plannedVoices } from './planned-voices.js';
import { SPEECH_SAMPLE_RATE } from '../speech-rate.js';
import type { DubCue, TranslateDeps, TranslateRequest } from '../types.js';

export type SpeakerVoices = Map<string, VoiceChoice | ClonedVoiceChoice>;

/**
 * The planned engine's voice that clones every speaker, or undefined for stock voices: voice_model real
 * (model_not_installed when the target language has no cloning voice now), or a selected voice that clones.
 */
export function cloningVoice(request: TranslateRequest, planned: TtsEngine, deps: TranslateDeps): Voice | undefined {
  if (request.selected_voice_id)
    return planned.voices().find((voice) => voice.id === request.selected_voice_id && voice.clones);
  return request.voice_model === 'real'
    ? plannedCloningVoice(planned, languagePart(request.target_language), deps.engines)
    : undefined;
}

export interface SpeakerVoiceSources {
  /** The planned voice engine: stock voices are chosen among its voices only. */
  planned: TtsEngine;
  /** cloningVoice's answer: when set, every speaker is cloned with it. */
  cloning: Voice | undefined;
  project: ProjectSnapshot | undefined;
  cues: readonly DubCue[];
}

/** A voice for each speaker of the cues, each with the reason the job log gives for it. */
export async function chooseSpeakerVoices(
  input: StageInput<TranslateRequest>,
  ctx: StageContext,
  deps: TranslateDeps,
  { planned, cloning, project, cues }: SpeakerVoiceSources,
): Promise<SpeakerVoices> {
  const { request, outputs } = input;
  // Voices: cloned from each speaker's own speech (real), or a stock voice of the speaker's gender (native) tuned
  // to their pitch (auto); a voice the user chose needs neither.
  let speakers = [...new Set(cues.map((cue) => cue.speaker))].map((id) => ({
    id,
    name: id,
    medianF0: undefined as number | undefined,
  }));
  const voiceModel = request.voice_model ?? 'auto';
  let choices: SpeakerVoices;
  if (cloning) {
    choices = await cloneVoices(
      cloning,
      speakers.map((speaker) => speaker.id),
      { request, outputs },
      ctx,
      deps,
    );
  } else if (project && speakers.every((speaker) => project.speakerVoices[speaker.id])) {
    choices = projectVoices(
      project,
      speakers.map((speaker) => speaker.id),
    );
  } else {
    if (!request.selected_voice_id) {
      const prepared = translateOutput(outputs, 'prepare-media');
      const analysed = await readAnalysisSpeech(path.join(ctx.workDir, prepared.speechWav), cues, SPEECH_SAMPLE_RATE);
      const measured = new Map(
        measureSpeakers(analysed.cues, analysed.speech, SPEECH_SAMPLE_RATE).map((speaker) => [
          speaker.id,
          speaker.medianF0,
        ]),
      );
      speakers = speakers.map((speaker) => ({ ...speaker, medianF0: measured.get(speaker.id) }));
    }
    choices = chooseVoices({
      targetLanguage: request.target_language,
      speakers,
      selectedVoiceId: request.selected_voice_id,
      voiceModel,
      // Only the planned engine's voices: the plan leaves the choice among them to the run, never another engine's.
      voices: plannedVoices(planned, request.target_language, request.selected_voice_id !== undefined),
    });
  }
  for (const choice of choices.values()) ctx.log(choice.reason);
  if (voiceModel === 'auto' && !request.selected_voice_id)
    ctx.log(
      "voice matching with the stock voices: pitch shifted to each speaker's median F0 (voice_model real clones their own voices)",
    );
  return choices;
}

/** The voices a project's speakers were given (by the dub it was made from, or since in the editor). */
function projectVoices(project: ProjectSnapshot, speakers: readonly string[]): Map<string, VoiceChoice> {
  return new Map(
    speakers.map((speaker) => {
      const voice = project.speakerVoices[speaker]!;
      return [speaker, { ...voice, reason: `${speaker}: ${voice.voiceId}, the project's voice for them` }];
    }),
  );
}
