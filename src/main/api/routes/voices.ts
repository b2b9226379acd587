// /v1/voices: the voices a dub can speak with, one voice, and a short audition sample of it.
import fs from 'node:fs';
import { DubDeskError } from '../../../shared/errors.js';
import { findLanguage } from '../../../shared/languages.js';
import { ErrorBodySchema } from '../../../shared/schemas/common.js';
import * as schemas from '../../../shared/schemas/voices.js';
import { voicesForLanguage } from '../../engines/tts/voice-catalogue.js';
import type { Voice } from '../../engines/tts/types.js';
import type { App } from '../app-types.js';

export interface VoiceRoutesOptions {
  voices: () => Voice[];
  /** Path of a cached WAV sample of the voice (e.g. createVoiceSampleCache(...).sampleFile). */
  sampleFile: (voiceId: string) => Promise<string>;
  /** The service's base URL (sample_url is absolute). */
  baseUrl: () => string;
}

/** Pure: a voice in the API's snake_case shape. */
export function toApiVoice(voice: Voice, baseUrl: string): schemas.VoiceRecord {
  return {
    voice_id: voice.id,
    name: voice.name,
    language: voice.language,
    ...(voice.locale ? { locale: voice.locale } : {}),
    gender: voice.gender,
    engine: voice.engine,
    // An engine that does not say is a neural one (eSpeak's voices say draft).
    quality: voice.quality ?? 'standard',
    ...(voice.clones ? { clones: true } : {}),
    ...(voice.pitchHz !== undefined ? { pitch_hz: voice.pitchHz } : {}),
    sample_url: `${baseUrl}/v1/voices/${encodeURIComponent(voice.id)}/sample`,
  };
}

export async function voiceRoutes(app: App, opts: VoiceRoutesOptions): Promise<void> {
  const find = (voiceId: string): Voice => {
    const voice = opts.voices().find((candidate) => candidate.id === voiceId);
    if (!voice) throw new DubDeskError('not_found', `No voice '${voiceId}'. GET /v1/voices lists the voices.`);
    return voice;
  };

  app.get('/v1/voices', {
    config: { summary: 'List the voices (built-in eSpeak NG voices and installed neural voices), optionally for one language.' },
    schema: { querystring: schemas.VoiceListQuery, response: { 200: schemas.VoiceList, 400: ErrorBodySchema } },
  }, async (request) => {
    const { language } = request.query;
    if (language !== undefined && !findLanguage(language)) {
      throw new DubDeskError('unsupported_language', `'${language}' is not a supported language.`);
    }
    const voices = language === undefined ? opts.voices() : voicesForLanguage(language, opts.voices());
    const baseUrl = opts.baseUrl();
    return { voices: voices.map((voice) => toApiVoice(voice, baseUrl)) };
  });

  app.get('/v1/voices/:voice_id', {
    config: { summary: 'One voice.' },
    schema: { params: schemas.VoiceIdParams, response: { 200: schemas.VoiceRecord, 404: ErrorBodySchema } },
  }, async (request) => toApiVoice(find(request.params.voice_id), opts.baseUrl()));

  app.get('/v1/voices/:voice_id/sample', {
    // An <audio src> cannot send headers, so the GUI may pass the key as ?key=.
    config: { auth: 'key-or-query', summary: "A short sentence in the voice's language, spoken by the voice (audio/wav; generated once, then cached)." },
    schema: { params: schemas.VoiceIdParams },
  }, async (request, reply) => {
    const voice = find(request.params.voice_id);
    const file = await opts.sampleFile(voice.id);
    return reply.type('audio/wav').header('Cache-Control', 'private, max-age=86400').send(fs.createReadStream(file));
  });
}
