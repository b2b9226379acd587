// Which engine each step of a translate job will run, decided from the request and the engines installed now.
// One function for the create-time check (pipelines/translate/intake.ts: the first missing model is a 400 naming it),
// the stages' choices (pipelines/translate/planned-step.ts) and the GUI's "which engines will this use".
import { languagePart, LANGUAGES } from '../../shared/languages.js';
import type { TranslateRequest } from '../../shared/schemas/jobs.js';
import { withoutEngine } from '../engines/capability-table.js';
import { ModelNotInstalledError, modelIdsToInstall } from '../engines/missing-model.js';
import { availableEngines, type Engines } from '../engines/registry.js';
import type { Translator } from '../engines/mt/types.js';
import { followsUserPrompt, givenUserPrompt, userPromptNote } from '../engines/mt/user-prompt.js';
import type { PlanStep } from './job-plan.js';
import { givenLinesSource, LINES_GIVEN_BY } from './translate/given-lines.js';
import { needsTranslation } from './translate/needs-translation.js';
import { attempt, languageName, planned, type PlanStepName, type Step } from './translate/plan-step.js';
import { eraseSubtitlesStep, findSubtitlesStep, readScreenTextStep } from './translate/screen-text-steps.js';
import { speakStep } from './translate/speak-step.js';

export type { PlanStepName };

/** What the create form and the task page show for each step, in a user's words. */
export const TRANSLATE_STEP_LABELS: Record<PlanStepName, string> = {
  'detect-speech': 'Finding the speech',
  'identify-language': 'Identifying the language',
  'read-screen-text': 'Reading on-screen subtitles',
  transcribe: 'Transcribing',
  diarize: 'Telling speakers apart',
  translate: 'Translating',
  speak: 'Voicing the translation',
  separate: 'Separating speech from music',
  'find-subtitles': 'Finding the burned-in subtitles',
  'erase-subtitles': 'Erasing the original subtitles',
};

/** What is known of the job's inputs beyond the request, when it is known (the GUI's subtitle preview). */
export interface PlanFacts {
  /** The given subtitles name their speakers (`<v Speaker>` tags). */
  subtitleNamesSpeakers?: boolean;
}

/** A step a draft engine runs also names the model that would do better, when one can be installed. */
function withBetter(
  step: Step,
  engines: Engines,
  work: 'transcribe' | 'translate',
  source: string,
  target: string,
): Step {
  if (step.engine?.quality !== 'draft') return step;
  const better = engines.betterModelFor(work, source, target);
  return better ? { ...step, better: { id: better.id, title: better.title } } : step;
}

/** The languages (codes of src/shared/languages.ts) an engine's supports() accepts. */
function supportedLanguages(supports: (language: string) => boolean): string[] {
  return LANGUAGES.map((language) => language.code).filter((code) => supports(code));
}

/** The first translator the job may use that reaches `target` from some other language (the source is detected at run). */
export function translatorReaching(engines: Engines, target: string): Translator | undefined {
  return engines
    .translatorsToUse()
    .find(
      (translator) =>
        translator.supports('auto', target) ||
        LANGUAGES.some((language) => language.code !== target && translator.supports(language.code, target)),
    );
}

/** The source language as requested: a language part, or 'auto'. */
function requestedSource(request: TranslateRequest): string {
  return request.source_language && request.source_language !== 'auto' ? languagePart(request.source_language) : 'auto';
}

function detectSpeechStep(request: TranslateRequest, engines: Engines): Step {
  const step = 'detect-speech' as const;
  const vad = attempt(() => engines.requireVoiceActivityDetector());
  if ('engine' in vad) return { step, engine: planned('voice-activity-detection', vad.engine) };
  // With subtitles (given or on screen) the lines say where the speech is; only transcription cannot do without it.
  if (givenLinesSource(request))
    return { step, skipped: 'no voice activity detector is configured: the subtitles say where the speech is' };
  return { step, missing: vad.missing };
}

function identifyStep(request: TranslateRequest, engines: Engines, source: string): Step {
  const step = 'identify-language' as const;
  if (source !== 'auto') return { step, skipped: `source_language is ${languageName(source)}` };
  const given = Boolean(request.subtitle_url);
  if (given && !needsTranslation(request)) return { step, skipped: 'the subtitles are the final translation' };
  const target = languagePart(request.target_language);
  const identifier = availableEngines(engines.set.languageIdentifiers)[0];
  if (identifier) return { step, engine: planned('language-identification', identifier) };
  // On-screen text is read in one language, which must be known before reading: only the speech can tell it.
  if (request.ocr_text_box) {
    const identified = attempt(() => engines.requireLanguageIdentifier());
    return 'engine' in identified
      ? { step, engine: planned('language-identification', identified.engine) }
      : { step, missing: identified.missing };
  }
  if (!given && availableEngines(engines.set.speechRecognizers).some((recognizer) => recognizer.supports('auto'))) {
    return { step, skipped: 'the speech recognizer detects the language while it transcribes' };
  }
  if (given && availableEngines(engines.set.translators).some((translator) => translator.supports('auto', target))) {
    return { step, skipped: 'the translator detects the language of the subtitles' };
  }
  const identified = attempt(() => engines.requireLanguageIdentifier());
  if ('engine' in identified) return { step, engine: planned('language-identification', identified.engine) };
  // PocketSphinx-like engines transcribe fixed languages: the user can name one of them instead.
  const fixed = availableEngines(engines.set.speechRecognizers);
  const codes = [...new Set(fixed.flatMap((recognizer) => supportedLanguages((code) => recognizer.supports(code))))];
  if (given || !codes.length) return { step, missing: identified.missing };
  const titles = fixed.map((recognizer) => recognizer.title).join(', ');
  const message =
    `${identified.missing.message.replace(/ Or give source_language\.$/u, '')} Or give ` +
    `source_language ${codes.slice(0, 5).join(' or ')}: ${titles} transcribes it but cannot ` +
    `tell the language by itself.`;
  // Rebuilt with the original's model ids, so the GUI's Install button still offers the model.
  return { step, missing: new ModelNotInstalledError(message, modelIdsToInstall(identified.missing)) };
}

function transcribeStep(request: TranslateRequest, engines: Engines, source: string): Step {
  const step = 'transcribe' as const;
  const given = givenLinesSource(request);
  if (given) return { step, skipped: LINES_GIVEN_BY[given] };
  if (source !== 'auto') {
    const recognizer = attempt(() => engines.requireSpeechRecognizer(source));
    return 'engine' in recognizer
      ? { step, engine: planned('speech-recognition', recognizer.engine) }
      : { step, missing: recognizer.missing };
  }
  const detecting = availableEngines(engines.set.speechRecognizers).find((recognizer) => recognizer.supports('auto'));
  if (detecting) return { step, engine: planned('speech-recognition', detecting) };
  // A language identifier names the language first; some recognizer must then transcribe it.
  const any = availableEngines(engines.set.speechRecognizers)[0];
  if (any && availableEngines(engines.set.languageIdentifiers).length) {
    return {
      step,
      engine: planned('speech-recognition', any),
      note: 'the recognizer is picked for the language identified in the speech',
    };
  }
  const recognizer = attempt(() => engines.requireSpeechRecognizer('auto'));
  return 'engine' in recognizer
    ? { step, engine: planned('speech-recognition', recognizer.engine) }
    : { step, missing: recognizer.missing };
}

export const NO_DIARIZER = withoutEngine('speaker-diarization');

function diarizeStep(request: TranslateRequest, engines: Engines, facts: PlanFacts): Step {
  const step = 'diarize' as const;
  if (request.speaker_number?.max === 1) return { step, skipped: 'speaker_number.max is 1: one speaker' };
  if (request.subtitle_url && facts.subtitleNamesSpeakers) return { step, skipped: 'the subtitles name the speakers' };
  // The built-in clustering is always there; only a core built without it (a test) has none, and then one voice speaks.
  if (!availableEngines(engines.set.diarizers).length) return { step, skipped: NO_DIARIZER };
  const diarizer = attempt(() => engines.requireDiarizer());
  if (!('engine' in diarizer)) return { step, missing: diarizer.missing };
  return {
    step,
    engine: planned('speaker-diarization', diarizer.engine),
    ...(request.subtitle_url && facts.subtitleNamesSpeakers === undefined
      ? { note: 'skipped when the subtitles name the speakers' }
      : {}),
  };
}

function translateStep(request: TranslateRequest, engines: Engines, source: string): Step {
  const step = 'translate' as const;
  const target = languagePart(request.target_language);
  if (request.subtitle_url && request.subtitle_usage_type === 'final_translated')
    return { step, skipped: 'the subtitles are the final translation' };
  if (source !== 'auto') {
    if (source === target) return { step, skipped: `the speech is already in ${languageName(target)}` };
    const translator = attempt(() => engines.requireTranslator(source, target));
    return 'engine' in translator
      ? { step, engine: planned('translation', translator.engine) }
      : { step, missing: translator.missing };
  }
  const reaching = translatorReaching(engines, target);
  const note = `the pair is known once the language is detected; speech already in ${languageName(target)} is not translated`;
  if (reaching) return { step, engine: planned('translation', reaching), note };
  // No installed engine translates into the target from anywhere: name the model for the most common source.
  const example = target === 'en' ? 'de' : 'en';
  const hint = attempt(() => engines.requireTranslator(example, target));
  const detail = 'missing' in hint ? ` For ${languageName(example)} speech: ${hint.missing.message}` : '';
  const modelIds = 'missing' in hint ? modelIdsToInstall(hint.missing) : [];
  return {
    step,
    missing: new ModelNotInstalledError(
      `Translating into ${languageName(target)} needs a translation model, and none installed translates into it.${detail}`,
      modelIds,
    ),
  };
}

/** A translate step whose engine ignores the request's user_prompt says so before the job runs (the job warns too). */
function withUserPromptNote(step: Step, request: TranslateRequest): Step {
  if (!step.engine || !givenUserPrompt(request.user_prompt) || followsUserPrompt(step.engine.id)) return step;
  const note = userPromptNote(step.engine.title);
  return { ...step, note: step.note ? `${step.note}; ${note}` : note };
}

export const NO_SEPARATOR = withoutEngine('source-separation');

function separateStep(engines: Engines): Step {
  const separator = engines.separator();
  if (separator) return { step: 'separate', engine: planned('source-separation', separator) };
  return { step: 'separate', skipped: NO_SEPARATOR };
}

const exportsVideo = (request: TranslateRequest) => request.media_type === 'video' && request.export_type !== 'audio';

/**
 * The steps the request will run, in order, each with its engine, or why it is skipped, or the model it misses
 * (read-screen-text only with ocr_text_box).
 */
export function planTranslateEngines(
  request: TranslateRequest,
  engines: Engines,
  facts: PlanFacts = {},
): PlanStep<PlanStepName>[] {
  const source = requestedSource(request);
  const steps: Step[] = [
    detectSpeechStep(request, engines),
    identifyStep(request, engines, source),
    ...(request.ocr_text_box ? [readScreenTextStep(engines, source)] : []),
    withBetter(
      transcribeStep(request, engines, source),
      engines,
      'transcribe',
      source,
      languagePart(request.target_language),
    ),
    diarizeStep(request, engines, facts),
    withBetter(
      withUserPromptNote(translateStep(request, engines, source), request),
      engines,
      'translate',
      source,
      languagePart(request.target_language),
    ),
    separateStep(engines),
    speakStep(request, engines),
    ...(request.subtitle_mode === 'replace' && exportsVideo(request) && !request.ocr_text_box
      ? [findSubtitlesStep(engines, source)]
      : []),
    ...(request.subtitle_mode === 'replace' && exportsVideo(request)
      ? [eraseSubtitlesStep(request, engines, source)]
      : []),
  ];
  return steps.map((step) => ({ ...step, label: TRANSLATE_STEP_LABELS[step.step] }));
}
