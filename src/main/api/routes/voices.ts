// /v1/voices: the voices a dub can speak with, one voice, and a short audition sample of it.
import type { FastifyRequest } from 'fastify';
import fs from 'node:fs';
import { DubDeskError } from '../../../shared/errors.js';
import { findLanguage } from '../../../shared/languages.js';
import * as schemas from '../../../shared/schemas/voices.js';
import { voicesForLanguage } from '../../engines/tts/voice-catalogue.js';
import type { Voice } from '../../engines/tts/types.js';
import type { App } from '../app-types.js';

export interface VoiceRoutesOptions {
  voices: () => Voice[];
  /** Path of a cached WAV sample of the voice (e.g. createVoiceSampleCache(...).sampleFile). */
  sampleFile: (voiceId: string) => Promise<string>;
  /** The base URL the request is answered with (sample_url is absolute; docs/api.md "URLs"). */
  baseUrl: (request: FastifyRequest) => string;
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

  app.get(
    '/v1/voices',
    {
      config: {
        operationId: 'listVoices',
        summary: 'List the voices',
        errors: ['unsupported_language'],
        description:
          'The built-in eSpeak NG voices and the installed neural voices, optionally of one ' +
          '`language`. A translate job takes one as `selected_voice_id`.',
      },
      schema: { querystring: schemas.VoiceListQuery, response: { 200: schemas.VoiceList } },
    },
    async (request) => {
      const { language } = request.query;
      if (language !== undefined && !findLanguage(language)) {
        throw new DubDeskError('unsupported_language', `'${language}' is not a supported language.`);
      }
      const voices = language === undefined ? opts.voices() : voicesForLanguage(language, opts.voices());
      const baseUrl = opts.baseUrl(request);
      return { voices: voices.map((voice) => toApiVoice(voice, baseUrl)) };
    },
  );

  app.get(
    '/v1/voices/:voice_id',
    {
      config: {
        operationId: 'getVoice',
        summary: 'One voice',
        description: 'The voice with its language, engine, quality and sample URL.',
      },
      schema: { params: schemas.VoiceIdParams, response: { 200: schemas.VoiceRecord } },
    },
    async (request) => toApiVoice(find(request.params.voice_id), opts.baseUrl(request)),
  );

  app.get(
    '/v1/voices/:voice_id/sample',
    {
      // An <audio src> cannot send headers, so the GUI may pass the key as ?key=.
      config: {
        auth: 'key-or-query',
        operationId: 'getVoiceSample',
        summary: 'Hear a voice',
        description:
          "A short sentence in the voice's language, spoken by the voice (WAV; made once, then " +
          'cached). The key may come as `?key=` for an `<audio src>`.',
        errors: ['engine_failed', 'model_not_installed'],
        responseContent: { 200: { 'audio/wav': { schema: { type: 'string', format: 'binary' } } } },
      },
      schema: { params: schemas.VoiceIdParams },
    },
    async (request, reply) => {
      const voice = find(request.params.voice_id);
      const file = await opts.sampleFile(voice.id);
      return reply.type('audio/wav').header('Cache-Control', 'private, max-age=86400').send(fs.createReadStream(file));
    },
  );
}
