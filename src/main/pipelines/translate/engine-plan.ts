// Which engine each step of a translate job will run, decided from the request and the engines installed now.
// One function for the create-time check (intake.ts: the first missing model is a 400 naming it), the stages'
// choices and the GUI's "which engines will this use".
import { DubDeskError, toDubDeskError } from '../../../shared/errors.js';
import { findLanguage, languagePart, LANGUAGES } from '../../../shared/languages.js';
import { withoutEngine } from '../../engines/capability-table.js';
import { ModelNotInstalledError, modelIdsToInstall } from '../../engines/missing-model.js';
import { noEngineForLanguage } from '../../engines/no-engine-for-language.js';
import { availableEngines, type Engines } from '../../engines/registry.js';
import type { EngineQuality } from '../../engines/quality.js';
import type { CapabilityId } from '../../engines/capability-table.js';
import { plannedModels } from '../../engines/planned-engine.js';
import { plannedEngine, type Identified, type PlanStep, type PlannedEngine } from '../../plans/job-plan.js';
import type { Translator } from '../../engines/mt/types.js';
import { followsUserPrompt, givenUserPrompt, userPromptNote } from '../../engines/mt/user-prompt.js';
import { givenLinesSource, LINES_GIVEN_BY } from './lines.js';
import { needsTranslation } from './needs-translation.js';
import type { TranslateRequest } from './types.js';

export type PlanStepName =
  | 'detect-speech'
  | 'identify-language'
  | 'read-screen-text'
  | 'transcribe'
  | 'diarize'
  | 'translate'
  | 'speak'
  | 'separate'
  | 'find-subtitles'
  | 'erase-subtitles';

/** A step as its planner makes it; planTranslateEngines adds the label. */
type Step = Omit<PlanStep<PlanStepName>, 'label'>;

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

/** The planned engine with the catalogue models it runs, as the table names them (a retry checks they are still installed). */
function planned(capability: CapabilityId, engine: Identified, quality?: EngineQuality): PlannedEngine {
  return plannedEngine(engine, quality, plannedModels(capability, engine.id));
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

function languageName(code: string): string {
  return findLanguage(code)?.name ?? code;
}

/** Runs a require*() of the registry: its engine, or its model_not_installed as the step's missing model. */
function attempt<T>(require: () => T): { engine: T } | { missing: DubDeskError } {
  try {
    return { engine: require() };
  } catch (error) {
    return { missing: toDubDeskError(error) };
  }
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

/** Reading the subtitles burned in inside ocr_text_box (only with it): the text recognizer for the source language. */
function readScreenTextStep(engines: Engines, source: string): Step {
  const step = 'read-screen-text' as const;
  if (source !== 'auto') {
    const recognizer = attempt(() => engines.requireTextRecognizer([source]));
    return 'engine' in recognizer
      ? { step, engine: planned('text-recognition', recognizer.engine as Identified) }
      : { step, missing: recognizer.missing };
  }
  const note = 'the recognizer reads the language identified in the speech';
  const any = availableEngines(engines.set.textRecognizers)[0];
  if (any) return { step, engine: planned('text-recognition', any as Identified), note };
  // None installed: name the OCR model for the commonest source.
  const recognizer = attempt(() => engines.requireTextRecognizer(['en']));
  return 'engine' in recognizer
    ? { step, engine: planned('text-recognition', recognizer.engine as Identified), note }
    : { step, missing: recognizer.missing };
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

/**
 * The voice every speaker gets when one is fixed by the request: selected_voice_id, or (voice_model real) the cloning
 * voice of the target language.
 */
function fixedVoiceId(request: TranslateRequest, engines: Engines): string | undefined {
  if (request.selected_voice_id) return request.selected_voice_id;
  return request.voice_model === 'real'
    ? engines.requireCloningVoice(languagePart(request.target_language)).id
    : undefined;
}

function speakStep(request: TranslateRequest, engines: Engines): Step {
  const step = 'speak' as const;
  const target = languagePart(request.target_language);
  const fixed = attempt(() => fixedVoiceId(request, engines));
  if (!('engine' in fixed)) return { step, missing: fixed.missing };
  const voiceId = fixed.engine;
  const engine = voiceId
    ? attempt(() => engines.ttsFor(voiceId))
    : attempt(() => {
        const found = engines.set.voices.find((candidate) =>
          candidate.voices().some((voice) => voice.language === target && !voice.clones),
        );
        if (!found) throw noEngineForLanguage('voices', request.target_language);
        return found;
      });
  if (!('engine' in engine)) return { step, missing: engine.missing };
  const voice = engine.engine
    .voices()
    .find((candidate) => (voiceId ? candidate.id === voiceId : candidate.language === target && !candidate.clones));
  const identity = engine.engine as unknown as Identified;
  // The table titles each voice engine (one added outside it is named by its id); its voices say their quality.
  const title = engine.engine.title ?? engine.engine.id;
  const note = voice?.clones
    ? "each speaker's voice is cloned from 3 to 10 s of their own speech (the separated vocals when a separation model is installed)"
    : undefined;
  return {
    step,
    engine: planned('voices', { ...identity, id: engine.engine.id, title }, voice?.quality ?? 'draft'),
    ...(note ? { note } : {}),
  };
}

export const NO_SEPARATOR = withoutEngine('source-separation');

function separateStep(engines: Engines): Step {
  const separator = engines.separator();
  if (separator) return { step: 'separate', engine: planned('source-separation', separator) };
  return { step: 'separate', skipped: NO_SEPARATOR };
}

/**
 * Finding the burned-in subtitles on the whole frame (subtitle_mode replace without ocr_text_box): read in the source
 * language, English when it is detected.
 */
function findSubtitlesStep(engines: Engines, source: string): Step {
  const step = 'find-subtitles' as const;
  const recognizer = attempt(() => engines.requireTextRecognizer([source === 'auto' ? 'en' : source]));
  if ('missing' in recognizer) return { step, missing: recognizer.missing };
  return {
    step,
    engine: planned('text-recognition', recognizer.engine as Identified),
    ...(source === 'auto' ? { note: 'read as English while the source language is not known' } : {}),
  };
}

/**
 * Erasing the burned-in subtitles (subtitle_mode replace, a video exported): the inpainter, and without
 * ocr_text_box the text recognizer that finds them on the whole frame (English when the source is detected).
 */
function eraseSubtitlesStep(request: TranslateRequest, engines: Engines, source: string): Step {
  const step = 'erase-subtitles' as const;
  if (!request.ocr_text_box) {
    const recognizer = attempt(() => engines.requireTextRecognizer([source === 'auto' ? 'en' : source]));
    if ('missing' in recognizer) return { step, missing: recognizer.missing };
  }
  const inpainter = attempt(() => engines.requireInpainter());
  if ('missing' in inpainter) return { step, missing: inpainter.missing };
  const note = request.ocr_text_box
    ? 'erases the subtitles read in ocr_text_box'
    : 'the subtitles are found on the whole frame by the text recognizer';
  return { step, engine: planned('inpainting', inpainter.engine), note };
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
