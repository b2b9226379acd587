import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/shared/languages.js';
import {
  findVoice,
  languageOfEspeakTag,
  languagesWithoutVoice,
  listVoices,
  VOICE_VARIANTS,
  voicesForLanguage,
} from '../../src/main/engines/tts/voice-catalogue.js';

describe('built-in voice catalogue', () => {
  const voices = listVoices();

  it('gives every voice a unique espeak: id and a measured typical pitch', () => {
    expect(new Set(voices.map((voice) => voice.id)).size).toBe(voices.length);
    for (const voice of voices) {
      expect(voice.id).toMatch(/^espeak:[a-z0-9-]+(\+[a-z0-9]+)?$/);
      expect(voice.engine).toBe('espeak');
      expect(voice.pitchHz).toBeGreaterThan(60);
    }
  });

  it('has several distinct male and female voices for every language eSpeak speaks', () => {
    const males = VOICE_VARIANTS.filter((variant) => variant.gender === 'male').length;
    const females = VOICE_VARIANTS.filter((variant) => variant.gender === 'female').length;
    expect(males).toBeGreaterThanOrEqual(4);
    expect(females).toBeGreaterThanOrEqual(4);
    for (const language of LANGUAGES) {
      const own = voicesForLanguage(language.code);
      if (own.length === 0) continue;
      expect(own.filter((voice) => voice.gender === 'male').length, language.code).toBeGreaterThanOrEqual(males);
      expect(own.filter((voice) => voice.gender === 'female').length, language.code).toBeGreaterThanOrEqual(females);
    }
  });

  it('lists the DubDesk languages eSpeak NG cannot speak', () => {
    expect(languagesWithoutVoice()).toEqual(['fil', 'gl', 'ha', 'km', 'lo', 'mn', 'tl', 'zu']);
  });

  it('maps eSpeak language tags to DubDesk codes and keeps the locale', () => {
    expect(languageOfEspeakTag('cmn')).toBe('zh');
    expect(languageOfEspeakTag('cmn-latn-pinyin')).toBe('zh');
    expect(languageOfEspeakTag('pt-br')).toBe('pt');
    expect(languageOfEspeakTag('en-us')).toBe('en');
    expect(languageOfEspeakTag('hyw')).toBe('hy');
    expect(languageOfEspeakTag('yue')).toBe('yue');
    expect(languageOfEspeakTag('jbo')).toBeUndefined();
    expect(findVoice('espeak:cmn+f2')).toMatchObject({
      language: 'zh',
      locale: 'cmn',
      gender: 'female',
      espeakVoice: 'cmn+f2',
    });
    expect(findVoice('espeak:pt-br')).toMatchObject({
      language: 'pt',
      locale: 'pt-br',
      gender: 'male',
      espeakVoice: 'pt-BR',
    });
  });

  it('runs a variant on the voice file eSpeak can attach it to (fr-fr+f2 is not found, fr+f2 is)', () => {
    expect(findVoice('espeak:fr+f2')).toMatchObject({
      locale: 'fr-fr',
      espeakVoice: 'fr+f2',
      name: 'French (France), female 2',
    });
    expect(findVoice('espeak:en+annie')).toMatchObject({ locale: 'en-gb', espeakVoice: 'en+Annie' });
    expect(findVoice('espeak:fr-fr+f2')).toBeUndefined();
  });
});

describe('voicesForLanguage', () => {
  it("puts the language's preferred locale first, then its other locales", () => {
    expect(voicesForLanguage('en')[0].id).toBe('espeak:en-us');
    expect(voicesForLanguage('pt')[0].locale).toBe('pt-br');
    expect(voicesForLanguage('zh')[0].id).toBe('espeak:cmn');
    expect(voicesForLanguage('de')[0].id).toBe('espeak:de');
    expect(new Set(voicesForLanguage('en').map((voice) => voice.language))).toEqual(new Set(['en']));
  });

  it('honours a requested locale, case-insensitively', () => {
    expect(voicesForLanguage('pt-PT')[0].locale).toBe('pt');
    expect(voicesForLanguage('en-GB')[0].locale).toBe('en-gb');
    expect(voicesForLanguage('es-419')[0].locale).toBe('es-419');
    expect(voicesForLanguage('es-MX')[0].locale).toBe('es-419');
    expect(voicesForLanguage('de-AT')[0].id).toBe('espeak:de');
  });

  it('speaks Norwegian with the Bokmål voices and accepts ISO 639-3 codes', () => {
    expect(voicesForLanguage('no')[0].id).toBe('espeak:nb');
    expect(voicesForLanguage('deu')[0].id).toBe('espeak:de');
  });

  it('is empty for languages without a voice', () => {
    expect(voicesForLanguage('zu')).toEqual([]);
    expect(voicesForLanguage('xx')).toEqual([]);
  });
});
