import { fetchInputsStage, type FetchInputsDeps } from '../fetch-inputs-stage.js';
import { translateIntake } from './intake.js';
import type { Pipeline, ResultFile, Stage } from '../types.js';
import { checkTranslateQualityStage } from './check-quality-stage.js';
import { eraseSubtitlesStage } from './erase-subtitles-stage.js';
import { exportStage } from './export-stage.js';
import { translateOutput } from './outputs.js';
import { mixStage } from './mix-stage.js';
import { prepareMediaStage } from './prepare-media-stage.js';
import { synthesizeStage } from './synthesize-stage.js';
import { detectSpeechStage } from './detect-speech-stage.js';
import { diarizeStage } from './diarize-stage.js';
import { identifyLanguageStage } from './identify-language-stage.js';
import { makeProjectStage, PROOFREADING_SKIP } from './make-project-stage.js';
import { readScreenTextStage } from './read-screen-text-stage.js';
import { readSubtitlesStage } from './read-subtitles-stage.js';
import { segmentStage } from './segment-stage.js';
import { separateStage } from './separate-stage.js';
import { transcribeStage } from './transcribe-stage.js';
import { translateStage } from './translate-stage.js';
import type { TranslateDeps, TranslateRequest } from './types.js';

/**
 * Translate and dub, stage by stage (docs/api.md "Translate and dub results": preprocessing .. rendering). Without
 * subtitles: speech found, language identified (auto), transcribed, speakers told apart, cut into cues; with them
 * the subtitles are the lines, and with ocr_text_box the subtitles burned in there, read on screen. Then translation,
 * the original voice separated from its background (with a separation model), voices, mix and export.
 */
export function translatePipeline(deps: TranslateDeps & FetchInputsDeps): Pipeline<TranslateRequest> {
  return {
    stages: [
      fetchInputsStage<TranslateRequest>(translateIntake, 'preprocessing', deps),
      prepareMediaStage(deps),
      detectSpeechStage(deps),
      readSubtitlesStage(),
      identifyLanguageStage(deps),
      readScreenTextStage(deps),
      transcribeStage(deps),
      diarizeStage(deps),
      segmentStage(),
      translateStage(deps),
      ...[separateStage(deps), synthesizeStage(deps), mixStage(deps), eraseSubtitlesStage(deps), exportStage(deps)].map(
        untilProofread,
      ),
      makeProjectStage(),
      checkTranslateQualityStage(deps),
    ],
    // An export from a project speaks its lines again (reusing each unchanged line's audio), mixes, exports and measures.
    projectExport: { rerun: ['synthesize', 'mix', 'export', 'check-quality'] },
    results(outputs) {
      if (!outputs.export) return []; // a proofreading job: only the project
      const exported = translateOutput(outputs, 'export');
      const files: ResultFile[] = [
        { role: 'subtitle', path: exported.subtitle, name: exported.subtitle.split('/').pop()! },
      ];
      if (exported.subtitleVtt)
        files.push({ role: 'subtitle_vtt', path: exported.subtitleVtt, name: exported.subtitleVtt.split('/').pop()! });
      if (exported.subtitleAss)
        files.push({ role: 'subtitle_ass', path: exported.subtitleAss, name: exported.subtitleAss.split('/').pop()! });
      if (exported.subtitleBilingual)
        files.push({
          role: 'subtitle_bilingual',
          path: exported.subtitleBilingual,
          name: exported.subtitleBilingual.split('/').pop()!,
        });
      if (exported.video) files.push({ role: 'video', path: exported.video, name: exported.video.split('/').pop()! });
      if (exported.audio) files.push({ role: 'audio', path: exported.audio, name: exported.audio.split('/').pop()! });
      return files;
    },
  };
}

/** In a proofreading job the dubbing stages wait: the project's export runs them on the corrected lines. */
function untilProofread(stage: Stage<TranslateRequest>): Stage<TranslateRequest> {
  return { ...stage, skip: (input) => (input.request.enable_proofreading ? PROOFREADING_SKIP : stage.skip?.(input)) };
}
