// Pins the create flow's pure parts: what a dropped file is, which jobs a drop offers, how the batch pairs files,
// what a form sends, and where a schema or API error is shown.
import { describe, expect, it } from 'vitest';
import {
  FrameTranslateRequestSchema,
  LipsyncRequestSchema,
  TranslateRequestSchema,
} from '../../src/shared/schemas/jobs.js';
import { fieldForError } from '../../src/renderer/src/features/create/error-fields.js';
import { classifyFile, stemOf } from '../../src/renderer/src/features/create/file-kinds.js';
import { searchLanguages } from '../../src/renderer/src/features/create/language-search.js';
import {
  offersFor,
  planLipsync,
  planTranslate,
  type StagedFileRef,
} from '../../src/renderer/src/features/create/plan-jobs.js';
import {
  bilingualPossible,
  buildFrameTranslateRequest,
  buildLipsyncRequest,
  buildTranslateRequest,
  FRAME_TRANSLATE_DEFAULTS,
  LIPSYNC_DEFAULTS,
  TRANSLATE_DEFAULTS,
} from '../../src/renderer/src/features/create/request-builders.js';
import { placeError } from '../../src/renderer/src/features/create/useJobSubmission.js';
import { validateBody } from '../../src/renderer/src/features/create/validation.js';
import { LANGUAGES } from '../../src/shared/languages.js';

let nextId = 0;
const file = (name: string, mime = ''): StagedFileRef => ({ id: `f${++nextId}`, name, kind: classifyFile(name, mime) });

describe('classifyFile', () => {
  it('sorts the types the API accepts by extension, case-insensitively', () => {
    expect(['clip.MP4', 'a.mov', 'b.webm', 'c.mkv', 'd.avi', 'e.wmv'].map((name) => classifyFile(name))).toEqual(
      Array(6).fill('video'),
    );
    expect(['face.JPG', 'face.jpeg', 'face.png', 'face.webp'].map((name) => classifyFile(name))).toEqual(
      Array(4).fill('image'),
    );
    expect(['voice.wav', 'voice.mp3', 'voice.m4a'].map((name) => classifyFile(name))).toEqual(Array(3).fill('audio'));
    expect(classifyFile('talk.de.srt')).toBe('subtitle');
  });

  it('uses the MIME type only for a name without extension, and refuses what the API would refuse', () => {
    expect(classifyFile('recording', 'video/mp4')).toBe('video');
    expect(classifyFile('notes.txt', 'text/plain')).toBe('unknown');
    expect(classifyFile('song.aiff', 'audio/aiff')).toBe('unknown');
    expect(classifyFile('recording', 'audio/flac')).toBe('audio');
    expect(classifyFile('clip.gif', 'image/gif')).toBe('unknown');
  });

  it('takes the stem of a path for pairing', () => {
    expect(stemOf('/home/me/talk.de.srt')).toBe('talk.de');
    expect(stemOf('.hidden')).toBe('.hidden');
  });
});

describe('job offers and batch plans', () => {
  it('offers dubbing with the one SRT for one video, and visual translation and lip-sync (own audio) after it', () => {
    const video = file('talk.mp4');
    const srt = file('whatever.srt');
    expect(planTranslate([video, srt])).toEqual([{ media: video, subtitle: srt }]);
    expect(offersFor([video, srt]).map((offer) => offer.choice)).toEqual(['translate', 'lipsync', 'frame_translate']);
  });

  it('pairs several media with their SRTs by name, one task per media file', () => {
    const a = file('a.mp4');
    const b = file('b.wav');
    const c = file('c.mov');
    const subsA = file('a.de.srt');
    const subsB = file('b.srt');
    const plans = planTranslate([a, b, c, subsA, subsB]);
    expect(plans).toEqual([{ media: a, subtitle: subsA }, { media: b, subtitle: subsB }, { media: c }]);
    expect(offersFor([a, b, c, subsA, subsB])[0]).toMatchObject({ choice: 'translate', count: 3 });
  });

  it('puts lip-sync first for a face picture with an audio, one task per audio', () => {
    const face = file('face.png');
    const one = file('one.wav');
    const two = file('two.mp3');
    expect(offersFor([face, one, two]).map((offer) => [offer.choice, offer.count])).toEqual([
      ['lipsync', 2],
      ['translate', 2],
    ]);
    expect(planLipsync([face, one, two])).toEqual([
      { reference: face, audio: one },
      { reference: face, audio: two },
    ]);
  });

  it('offers nothing for a lone picture or a lone SRT', () => {
    expect(offersFor([file('face.png')])).toEqual([]);
    expect(offersFor([file('talk.srt')])).toEqual([]);
  });
});

describe('request builders', () => {
  it('sends only what differs from the contract defaults, and infers media_type', () => {
    const body = buildTranslateRequest(
      { ...TRANSLATE_DEFAULTS, target_language: 'de', subtitle_usage_type: 'final_translated' },
      {
        mediaUrl: 'http://127.0.0.1:1/v1/files/a?token=t',
        mediaKind: 'video',
        subtitleUrl: 'http://127.0.0.1:1/v1/files/b?token=t',
      },
    );
    expect(body).toEqual({
      media_type: 'video',
      media_url: 'http://127.0.0.1:1/v1/files/a?token=t',
      target_language: 'de',
      subtitle_url: 'http://127.0.0.1:1/v1/files/b?token=t',
      subtitle_usage_type: 'final_translated',
      export_type: 'auto',
    });
    expect(validateBody(TranslateRequestSchema, body)).toEqual({});
    expect(
      buildTranslateRequest({ ...TRANSLATE_DEFAULTS, target_language: 'fr' }, { mediaUrl: 'x', mediaKind: 'audio' })
        .media_type,
    ).toBe('audio');
  });

  it('turns number fields into numbers and a half-filled text box into schema errors on the right fields', () => {
    const body = buildTranslateRequest(
      {
        ...TRANSLATE_DEFAULTS,
        target_language: 'de',
        subtitle_position_y: '0.8',
        speaker_min: '2',
        ocr_x: '0.1',
        ocr_y: 'lots',
      },
      { mediaUrl: 'x', mediaKind: 'video' },
    );
    expect(body.subtitle_position_y).toBe(0.8);
    expect(body.speaker_number).toEqual({ min: 2 });
    const errors = validateBody(TranslateRequestSchema, body);
    expect(errors['ocr_text_box.y']).toBe('Must be number.');
    expect(errors['ocr_text_box.width']).toBe('This is required.');
  });

  it('asks for bilingual subtitles only where the subtitles are not already the final translation (conflicting_fields otherwise)', () => {
    const form = { ...TRANSLATE_DEFAULTS, target_language: 'es', bilingual_subtitle: true };
    const media = { mediaUrl: 'http://127.0.0.1:1/v1/files/a?token=t', mediaKind: 'video' as const };
    const transcribed = buildTranslateRequest(form, media);
    expect(transcribed.bilingual_subtitle).toBe(true);
    expect(validateBody(TranslateRequestSchema, transcribed)).toEqual({});
    expect(
      buildTranslateRequest(form, { ...media, subtitleUrl: 'http://127.0.0.1:1/v1/files/b?token=t' })
        .bilingual_subtitle,
    ).toBe(true);
    const final = buildTranslateRequest(
      { ...form, subtitle_usage_type: 'final_translated' },
      { ...media, subtitleUrl: 'http://127.0.0.1:1/v1/files/b?token=t' },
    );
    expect(final).not.toHaveProperty('bilingual_subtitle');
    // Without a subtitle file the usage type does not matter: the speech is transcribed, so the original lines exist.
    expect(buildTranslateRequest({ ...form, subtitle_usage_type: 'final_translated' }, media).bilingual_subtitle).toBe(
      true,
    );
    expect(buildTranslateRequest({ ...form, bilingual_subtitle: false }, media)).not.toHaveProperty(
      'bilingual_subtitle',
    );
    expect([
      bilingualPossible('final_translated', true),
      bilingualPossible('final_translated', false),
      bilingualPossible('original', true),
    ]).toEqual([false, true, true]);
  });

  it('infers the lip-sync reference type and leaves out a missing audio', () => {
    expect(buildLipsyncRequest(LIPSYNC_DEFAULTS, { referenceUrl: 'r', referenceKind: 'image', audioUrl: 'a' })).toEqual(
      { reference_file_url: 'r', audio_url: 'a', model: 'standard_v1', reference_file_type: 'image' },
    );
    const own = buildLipsyncRequest(
      { ...LIPSYNC_DEFAULTS, model: 'precision_v1' },
      { referenceUrl: 'r', referenceKind: 'video' },
    );
    expect(own).toEqual({ reference_file_url: 'r', model: 'precision_v1', reference_file_type: 'video' });
    expect(validateBody(LipsyncRequestSchema, own)).toEqual({});
  });

  it('reports the languages a visual translation still needs', () => {
    const errors = validateBody(
      FrameTranslateRequestSchema,
      buildFrameTranslateRequest(FRAME_TRANSLATE_DEFAULTS, { videoUrl: 'v' }),
    );
    expect(errors).toEqual({
      source_language: 'This is not in the expected form.',
      target_language: 'This is not in the expected form.',
    });
  });

  it('names a missing required field and an empty target language', () => {
    expect(validateBody(TranslateRequestSchema, { media_type: 'video', media_url: 'x', export_type: 'auto' })).toEqual({
      target_language: 'This is required.',
    });
    expect(
      validateBody(
        TranslateRequestSchema,
        buildTranslateRequest(TRANSLATE_DEFAULTS, { mediaUrl: 'x', mediaKind: 'video' }),
      ).target_language,
    ).toBe('This is not in the expected form.');
  });
});

describe('where an API error is shown', () => {
  const fields = [
    'media_url',
    'subtitle_url',
    'subtitle_usage_type',
    'target_language',
    'source_language',
    'selected_voice_id',
    'glossary_ids',
  ];

  it('shows an SRT problem at the subtitle field even when the message does not name it', () => {
    expect(fieldForError('invalid_subtitle', 'Cue 2 (00:00:01,000 --> 00:00:03,000) overlaps cue 1.', fields)).toBe(
      'subtitle_url',
    );
  });

  it('prefers the field the message names first, without confusing subtitle_url with subtitle_usage_type', () => {
    expect(fieldForError('unsupported_language', "target_language 'xx' is not a supported language.", fields)).toBe(
      'target_language',
    );
    expect(
      fieldForError('invalid_request', "'subtitle_usage_type' must be one of: original, final_translated", fields),
    ).toBe('subtitle_usage_type');
    expect(fieldForError('unsupported_media', 'media_url: clip.gif is a .gif file; accepted types: .mp4', fields)).toBe(
      'media_url',
    );
  });

  it('falls back to the form for errors no field owns', () => {
    expect(fieldForError('model_not_installed', 'Speech recognition needs whisper-base; install it.', fields)).toBe(
      'form',
    );
    expect(
      fieldForError('unsupported_media', 'reference_file_url (x.gif) is not a picture', [
        'reference_file_url',
        'audio_url',
      ]),
    ).toBe('reference_file_url');
  });

  it('keys per-file errors by the job in a batch and names the file for shared fields', () => {
    const shown = new Set(fields);
    expect(placeError('subtitle_url', 'overlaps', 1, 3, 'b.mp4', shown)).toEqual(['subtitle_url@1', 'overlaps']);
    expect(placeError('target_language', 'bad', 1, 3, 'b.mp4', shown)).toEqual(['target_language', 'b.mp4: bad']);
    expect(placeError('project_mode', 'nope', 0, 1, 'a.mp4', shown)).toEqual(['form', 'project_mode: nope']);
  });
});

describe('searchLanguages', () => {
  it('finds a language by code, by name start and by a word in its name, best first', () => {
    expect(searchLanguages(LANGUAGES, 'de')[0].name).toBe('German');
    expect(searchLanguages(LANGUAGES, 'deu')[0].code).toBe('de');
    expect(searchLanguages(LANGUAGES, 'germ').map((l) => l.code)).toEqual(['de']);
    expect(searchLanguages(LANGUAGES, 'gaelic').map((l) => l.code)).toEqual(['gd']);
    expect(searchLanguages(LANGUAGES, '').length).toBe(LANGUAGES.length);
  });
});
