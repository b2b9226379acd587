import { languagePart } from '../../../shared/languages.js';
import { PROJECT_STAGE, type ProjectDraft } from '../project-snapshot.js';
import type { Stage } from '../types.js';
import { dubLines, spokenLines } from './lines.js';
import { skippableOutput, translateOutput } from './outputs.js';
import { wantsProject } from './project-mode.js';
import type { TranslateRequest } from './types.js';

/** Why the dubbing stages wait in a proofreading job (their skip reason). */
export const PROOFREADING_SKIP = 'proofreading: the lines are fixed in the project first, and its export makes the dub';

/** The job's lines as a project: what was said, its translation, who says it and (after a dub) with which voice. */
export function makeProjectStage(): Stage<TranslateRequest> {
  return {
    name: PROJECT_STAGE,
    label: 'Preparing the project',
    status: 'rendering',
    weight: 0.1,
    skip: ({ request }) => (wantsProject(request) ? undefined : 'no editable project was asked for'),
    async run(input, ctx) {
      const spoken = await spokenLines(input, ctx);
      const dubbed = await dubLines(input, ctx);
      const synthesized = skippableOutput(input.outputs, 'synthesize');
      const prepared = translateOutput(input.outputs, 'prepare-media');
      const speakerVoices = Object.fromEntries(
        Object.entries(synthesized?.voices ?? {}).map(([speaker, voice]) => [
          speaker,
          { voiceId: voice.voiceId, pitchSemitones: voice.pitchSemitones },
        ]),
      );
      ctx.log(
        `project: ${dubbed.cues.length} lines${synthesized ? ', with the voices the dub used' : ', voices chosen at export'}`,
      );
      return {
        kind: 'translate',
        sourceLanguage: spoken.language,
        targetLanguage: languagePart(input.request.target_language),
        mediaDurationMs: Math.round(prepared.media.durationSec * 1000),
        media: prepared.media.path,
        waveformAudio: prepared.speechWav,
        speakerVoices,
        // Translation keeps the lines one for one, so the n-th spoken line is the n-th dubbed line.
        segments: dubbed.cues.map((cue, i) => ({
          startMs: cue.startMs,
          endMs: cue.endMs,
          speaker: cue.speaker,
          sourceText: spoken.cues[i]?.text ?? '',
          targetText: cue.text,
        })),
      } satisfies ProjectDraft;
    },
  };
}
