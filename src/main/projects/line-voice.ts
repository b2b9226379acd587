// One project line spoken on its own, as the export will speak it: the same voice, the same clip cache (so the
// export reuses it) and the same fit rules (rate boost first, then time-stretch up to the cap).
import { DubDeskError } from '../../shared/errors.js';
import type { SegmentFit } from '../../shared/schemas/projects.js';
import type { Engines } from '../engines/registry.js';
import { trimSilence } from '../media/dsp/envelope.js';
import { speakableText } from '../media/srt.js';
import { chooseVoices } from '../dubbing/choose-voices.js';
import { clipKey, type ClipCache } from '../dubbing/clip-cache.js';
import type { StoredClip } from '../dubbing/dub-track.js';
import { MAX_RATE_BOOST } from '../pipelines/translate/synthesize-stage.js';
import type { ProjectRecord, SegmentRecord } from '../store/projects-repository.js';
import { fitLine } from './line-fit.js';

export interface LineVoice {
  voiceId: string;
  pitchSemitones: number;
}

/** The voice a line speaks with: its own, its speaker's in the project, else the stock voice the export would pick first. */
export function lineVoice(
  segment: Pick<SegmentRecord, 'voiceId' | 'speaker'>,
  project: Pick<ProjectRecord, 'speakerVoices' | 'targetLanguage'>,
  engines: Engines,
): LineVoice {
  const voice: LineVoice = segment.voiceId
    ? { voiceId: segment.voiceId, pitchSemitones: 0 }
    : (project.speakerVoices[segment.speaker ?? ''] ??
      firstStockVoice(segment.speaker ?? 'Speaker 1', project.targetLanguage, engines));
  if (engines.voices().find((candidate) => candidate.id === voice.voiceId)?.clones) {
    throw new DubDeskError(
      'invalid_request',
      `${voice.voiceId} clones each speaker from their own speech, which only an export does; ` +
        `choose a stock voice for this line to hear it now.`,
    );
  }
  return voice;
}

function firstStockVoice(speaker: string, targetLanguage: string, engines: Engines): LineVoice {
  const choice = chooseVoices({
    targetLanguage,
    speakers: [{ id: speaker, name: speaker, medianF0: undefined }],
    voiceModel: 'native',
    voices: engines.voices(),
  }).get(speaker)!;
  return { voiceId: choice.voiceId, pitchSemitones: choice.pitchSemitones };
}

export interface SpokenLine {
  clip: StoredClip;
  fit: SegmentFit;
  tooLong: boolean;
}

/** The clip cache's user name for a line's takes: its normal-rate take's key, so a line that sounds the same keeps them. */
export function lineTakesUser(text: string, voice: LineVoice): string {
  return `line-${clipKey({ text: speakableText(text), voiceId: voice.voiceId, rate: 1, pitchSemitones: voice.pitchSemitones })}`;
}

/** Speaks a line at the rate its time needs (each take kept in the cache by content) and says how it fits. */
export async function speakLine(
  text: string,
  voice: LineVoice,
  roomMs: number,
  options: { engines: Engines; cache: ClipCache; maxStretch: number; signal?: AbortSignal },
): Promise<SpokenLine> {
  const take = async (rate: number): Promise<StoredClip> => {
    const synthesis = { text: speakableText(text), voiceId: voice.voiceId, rate, pitchSemitones: voice.pitchSemitones };
    const key = clipKey(synthesis);
    const cached = options.cache.find(key, 0);
    if (cached) return cached;
    const speech = await options.engines.ttsFor(voice.voiceId).synthesize({ ...synthesis, signal: options.signal });
    return options.cache.save(
      key,
      0,
      trimSilence(speech.samples, speech.sampleRate).samples,
      speech.sampleRate,
      options.signal,
    );
  };
  const msOf = (clip: StoredClip) => (clip.length / clip.sampleRate) * 1000;
  const normal = await take(1);
  const speechMs = msOf(normal);
  const draft = fitLine({ speechMs, roomMs, maxStretch: options.maxStretch, maxRateBoost: MAX_RATE_BOOST });
  if (draft.rate <= 1) return { clip: normal, fit: fitView(speechMs, roomMs, draft), tooLong: draft.tooLong };
  // As the job does: the faster take is measured, and only the stretch that remains is decided from it.
  const clip = await take(draft.rate);
  const fit = fitLine({
    speechMs: msOf(clip),
    roomMs,
    maxStretch: options.maxStretch,
    maxRateBoost: MAX_RATE_BOOST,
    synthesizedRate: draft.rate,
  });
  return { clip, fit: fitView(speechMs, roomMs, fit), tooLong: fit.tooLong };
}

const round3 = (value: number): number => Math.round(value * 1000) / 1000;

const fitView = (speechMs: number, roomMs: number, fit: { rate: number; stretch: number }): SegmentFit => ({
  speech_seconds: round3(speechMs / 1000),
  room_seconds: round3(roomMs / 1000),
  rate: round3(fit.rate),
  stretch: round3(fit.stretch),
});
