// Which voice speaks for each speaker of a dub, and how far to shift its pitch toward the speaker's (pure).
import { DubDeskError } from '../../shared/errors.js';
import { voicesForLanguage } from '../engines/tts/voice-catalogue.js';
import type { Voice, VoiceGender } from '../engines/tts/types.js';
import { guessGender, semitonesBetween } from '../engines/voice-analysis/pitch.js';

export type VoiceModel = 'auto' | 'real' | 'native';

/** Farthest a voice is shifted toward a speaker: beyond this eSpeak sounds strained. */
export const MAX_PITCH_SHIFT_SEMITONES = 6;

export interface SpeakerProfile {
  id: string;
  /** For the job log; defaults to the id. */
  name?: string;
  /** Median F0 of the speaker's original speech, Hz, when measured. */
  medianF0?: number;
}

export interface ChooseVoicesInput {
  /** Target language with optional locale (`de`, `pt-BR`). */
  targetLanguage: string;
  speakers: readonly SpeakerProfile[];
  /** `selected_voice_id`: this voice for every speaker. */
  selectedVoiceId?: string;
  voiceModel: VoiceModel;
  /** The voices to choose from (e.g. the engine's voices()). */
  voices: readonly Voice[];
}

export interface VoiceChoice {
  voiceId: string;
  /** Shift to pass to synthesis (SynthesisRequest.pitchSemitones). */
  pitchSemitones: number;
  /** One line for the job log. */
  reason: string;
}

/**
 * `native`: a stock voice per speaker by target language and the speaker's gender (guessed from median F0).
 * `auto`: the same, plus a shift that moves the voice's typical pitch to the speaker's median F0 (±6 st at most)
 * for speakers with a measured F0. `real` is pitch matched here too, but the synthesize stage clones each speaker
 * instead (pipelines/translate/synthesize/clone-voices.ts), so a job never comes here with it.
 * Speakers get distinct voices while the language has enough; the same input always gives the same choice.
 * An installed neural voice (quality standard) of the right gender is preferred to eSpeak's while no other speaker
 * has it; cloning voices speak only when selected (they need each speaker's reference speech).
 */
export function chooseVoices(input: ChooseVoicesInput): Map<string, VoiceChoice> {
  const choices = new Map<string, VoiceChoice>();
  if (input.selectedVoiceId !== undefined) {
    const voice = input.voices.find((candidate) => candidate.id === input.selectedVoiceId);
    if (!voice)
      throw new DubDeskError('not_found', `No voice '${input.selectedVoiceId}'. GET /v1/voices lists the voices.`);
    const targetPart = input.targetLanguage.split('-')[0].toLowerCase();
    const otherLanguage =
      voice.language !== targetPart ? `, a ${voice.language} voice for ${input.targetLanguage} text` : '';
    for (const speaker of input.speakers) {
      choices.set(speaker.id, {
        voiceId: voice.id,
        pitchSemitones: 0,
        reason: `speaker ${label(speaker)}: ${voice.id} (selected voice${otherLanguage})`,
      });
    }
    return choices;
  }

  const candidates = voicesForLanguage(input.targetLanguage, input.voices).filter((voice) => !voice.clones);
  if (candidates.length === 0) {
    throw new DubDeskError(
      'unsupported_language',
      `No built-in voice speaks '${input.targetLanguage}'. Choose another target language or a voice with selected_voice_id.`,
    );
  }
  const uses = new Map<string, number>();
  let unknownCount = 0;
  for (const speaker of input.speakers) {
    const f0 =
      speaker.medianF0 !== undefined && Number.isFinite(speaker.medianF0) && speaker.medianF0 > 0
        ? speaker.medianF0
        : undefined;
    const guessed = guessGender(f0);
    // Speakers of unknown pitch alternate male/female, so two of them still sound apart.
    const gender: VoiceGender = f0 === undefined ? (unknownCount++ % 2 === 0 ? 'male' : 'female') : guessed;
    const voice = pickVoice(candidates, uses, gender, f0);
    uses.set(voice.id, (uses.get(voice.id) ?? 0) + 1);
    const matchPitch =
      f0 !== undefined && voice.pitchHz !== undefined && (input.voiceModel === 'real' || input.voiceModel === 'auto');
    const pitchSemitones = matchPitch
      ? roundTenth(clamp(semitonesBetween(voice.pitchHz!, f0!), MAX_PITCH_SHIFT_SEMITONES))
      : 0;
    const heard = f0 === undefined ? 'no measured pitch' : `median F0 ${Math.round(f0)} Hz -> ${guessed}`;
    const shift = matchPitch ? `, pitch ${pitchSemitones >= 0 ? '+' : ''}${pitchSemitones.toFixed(1)} st` : '';
    const shared =
      (uses.get(voice.id) ?? 0) > 1 ? ` (shared: not enough ${gender} voices for ${input.targetLanguage})` : '';
    choices.set(speaker.id, {
      voiceId: voice.id,
      pitchSemitones,
      reason: `speaker ${label(speaker)}: ${voice.id}, ${heard}${shift}${shared}`,
    });
  }
  return choices;
}

/**
 * The candidate of the wanted gender (any for 'neutral') used least so far, neural before eSpeak, then of the preferred locale (the
 * candidates come best locale first), then with the pitch nearest the speaker's, then in catalogue order (most
 * distinct variants first).
 */
function pickVoice(
  candidates: readonly Voice[],
  uses: ReadonlyMap<string, number>,
  gender: VoiceGender,
  f0: number | undefined,
): Voice {
  const localeRank = new Map<string, number>();
  for (const voice of candidates) {
    const locale = voice.locale ?? voice.language;
    if (!localeRank.has(locale)) localeRank.set(locale, localeRank.size);
  }
  let best: Voice | undefined;
  let bestScore: number[] = [];
  candidates.forEach((voice, order) => {
    const score = [
      gender === 'neutral' || voice.gender === gender ? 0 : 1,
      uses.get(voice.id) ?? 0,
      voice.quality === 'standard' ? 0 : 1,
      localeRank.get(voice.locale ?? voice.language)!,
      f0 !== undefined && voice.pitchHz !== undefined
        ? Math.round(Math.abs(semitonesBetween(voice.pitchHz, f0)) * 10)
        : 0,
      order,
    ];
    if (!best || lexicographicLess(score, bestScore)) {
      best = voice;
      bestScore = score;
    }
  });
  return best!;
}

function lexicographicLess(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

function label(speaker: SpeakerProfile): string {
  return speaker.name ?? speaker.id;
}

function clamp(value: number, limit: number): number {
  return Math.max(-limit, Math.min(limit, value));
}

function roundTenth(value: number): number {
  return Math.round(value * 10) / 10 || 0;
}
