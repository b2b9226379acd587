import { describe, expect, it } from 'vitest';
import { chooseVoices, MAX_PITCH_SHIFT_SEMITONES } from '../../src/main/dubbing/choose-voices.js';
import { findVoice, listVoices } from '../../src/main/engines/tts/voice-catalogue.js';
import type { Voice } from '../../src/main/engines/tts/types.js';

const voices = listVoices();
const pitchOf = (id: string) => findVoice(id)!.pitchHz!;

describe('chooseVoices', () => {
  it('gives a female-sounding speaker a female voice of the target language, pitch-matched in real mode', () => {
    const choice = chooseVoices({
      targetLanguage: 'de',
      speakers: [{ id: 's1', name: 'Anna', medianF0: 212 }],
      voiceModel: 'real',
      voices,
    }).get('s1')!;
    const voice = findVoice(choice.voiceId)!;
    expect(voice).toMatchObject({ language: 'de', locale: 'de', gender: 'female' });
    expect(choice.pitchSemitones).toBeCloseTo(12 * Math.log2(212 / voice.pitchHz!), 1);
    expect(choice.reason).toBe(
      `speaker Anna: ${voice.id}, median F0 212 Hz -> female, pitch ${choice.pitchSemitones >= 0 ? '+' : ''}${choice.pitchSemitones.toFixed(1)} st`,
    );
  });

  it("gives a low speaker a male voice and native mode leaves the voice's own pitch", () => {
    const choice = chooseVoices({
      targetLanguage: 'fr',
      speakers: [{ id: 'bob', medianF0: 105 }],
      voiceModel: 'native',
      voices,
    }).get('bob')!;
    expect(findVoice(choice.voiceId)).toMatchObject({ language: 'fr', locale: 'fr-fr', gender: 'male' });
    expect(choice.pitchSemitones).toBe(0);
    expect(choice.reason).toBe(`speaker bob: ${choice.voiceId}, median F0 105 Hz -> male`);
  });

  it('clamps the shift to ±6 semitones for voices far from any built-in one', () => {
    const result = chooseVoices({
      targetLanguage: 'en',
      speakers: [
        { id: 'deep', medianF0: 45 },
        { id: 'child', medianF0: 480 },
      ],
      voiceModel: 'real',
      voices,
    });
    expect(result.get('deep')!.pitchSemitones).toBe(-MAX_PITCH_SHIFT_SEMITONES);
    expect(result.get('child')!.pitchSemitones).toBe(MAX_PITCH_SHIFT_SEMITONES);
  });

  it("auto pitch-matches speakers with a measured F0 and leaves the others at the voice's pitch", () => {
    const result = chooseVoices({
      targetLanguage: 'es',
      speakers: [{ id: 'a', medianF0: 130 }, { id: 'b' }],
      voiceModel: 'auto',
      voices,
    });
    expect(result.get('a')!.pitchSemitones).toBeCloseTo(12 * Math.log2(130 / pitchOf(result.get('a')!.voiceId)), 1);
    expect(result.get('b')!.pitchSemitones).toBe(0);
    expect(result.get('b')!.reason).toContain('no measured pitch');
  });

  it('gives several speakers distinct voices, and the same input the same answer', () => {
    const speakers = [
      { id: 'm1', medianF0: 110 },
      { id: 'm2', medianF0: 112 },
      { id: 'm3', medianF0: 108 },
      { id: 'f1', medianF0: 210 },
      { id: 'f2', medianF0: 205 },
      { id: 'u1' },
      { id: 'u2' },
    ];
    const first = chooseVoices({ targetLanguage: 'it', speakers, voiceModel: 'real', voices });
    const ids = [...first.values()].map((choice) => choice.voiceId);
    expect(new Set(ids).size).toBe(speakers.length);
    expect(ids.every((id) => findVoice(id)!.locale === 'it')).toBe(true);
    expect(['m1', 'm2', 'm3'].map((id) => findVoice(first.get(id)!.voiceId)!.gender)).toEqual(['male', 'male', 'male']);
    expect(['f1', 'f2'].map((id) => findVoice(first.get(id)!.voiceId)!.gender)).toEqual(['female', 'female']);
    // Speakers of unknown pitch alternate, so two of them do not sound alike.
    expect(['u1', 'u2'].map((id) => findVoice(first.get(id)!.voiceId)!.gender)).toEqual(['male', 'female']);
    expect(chooseVoices({ targetLanguage: 'it', speakers, voiceModel: 'real', voices })).toEqual(first);
  });

  it('shares voices only when a language has run out, keeping the gender', () => {
    const tiny: Voice[] = [
      { id: 't:m', name: 'm', language: 'de', gender: 'male', engine: 't', pitchHz: 100 },
      { id: 't:f', name: 'f', language: 'de', gender: 'female', engine: 't', pitchHz: 200 },
    ];
    const result = chooseVoices({
      targetLanguage: 'de',
      speakers: [
        { id: 'a', medianF0: 100 },
        { id: 'b', medianF0: 95 },
      ],
      voiceModel: 'native',
      voices: tiny,
    });
    expect(result.get('a')!.voiceId).toBe('t:m');
    expect(result.get('b')!.voiceId).toBe('t:m');
    expect(result.get('b')!.reason).toContain('shared');
  });

  it('uses the requested locale first (pt-BR) and another locale only when it runs out', () => {
    const speakers = Array.from({ length: 10 }, (_, i) => ({ id: `s${i}`, medianF0: 100 + i }));
    const result = chooseVoices({ targetLanguage: 'pt-BR', speakers, voiceModel: 'real', voices });
    const locales = [...result.values()].map((choice) => findVoice(choice.voiceId)!.locale);
    expect(locales.slice(0, 8)).toEqual(Array(8).fill('pt-br'));
    expect(locales.slice(8)).toEqual(['pt', 'pt']);
  });

  it('selected_voice_id speaks for everyone without a shift, and says when its language is not the target', () => {
    const result = chooseVoices({
      targetLanguage: 'de',
      speakers: [
        { id: 'a', medianF0: 100 },
        { id: 'b', medianF0: 220 },
      ],
      selectedVoiceId: 'espeak:en-us+f2',
      voiceModel: 'real',
      voices,
    });
    expect([...result.values()].map((choice) => [choice.voiceId, choice.pitchSemitones])).toEqual([
      ['espeak:en-us+f2', 0],
      ['espeak:en-us+f2', 0],
    ]);
    expect(result.get('a')!.reason).toBe('speaker a: espeak:en-us+f2 (selected voice, a en voice for de text)');
    const same = chooseVoices({
      targetLanguage: 'en',
      speakers: [{ id: 'a' }],
      selectedVoiceId: 'espeak:en-us+f2',
      voiceModel: 'auto',
      voices,
    });
    expect(same.get('a')!.reason).toBe('speaker a: espeak:en-us+f2 (selected voice)');
  });

  it('prefers an installed neural voice, gives the next speaker another voice, and never picks a cloning voice itself', () => {
    // Listed after eSpeak's (and its locale after eSpeak's `de`), so only its quality can put the neural voice first.
    const neural: Voice[] = [
      {
        id: 'cloner:de',
        name: 'clone',
        language: 'de',
        gender: 'neutral',
        engine: 'cloner',
        quality: 'standard',
        clones: true,
      },
      ...voices,
      {
        id: 'piper:de_DE-thorsten-medium',
        name: 'Thorsten',
        language: 'de',
        locale: 'de-de',
        gender: 'male',
        engine: 'piper',
        quality: 'standard',
      },
    ];
    const speakers = [
      { id: 'a', medianF0: 110 },
      { id: 'b', medianF0: 100 },
      { id: 'c', medianF0: 210 },
      { id: 'n', medianF0: 165 },
    ];
    const result = chooseVoices({ targetLanguage: 'de', speakers, voiceModel: 'native', voices: neural });
    expect(result.get('a')!.voiceId).toBe('piper:de_DE-thorsten-medium');
    expect(result.get('a')!.reason).toBe('speaker a: piper:de_DE-thorsten-medium, median F0 110 Hz -> male');
    expect(result.get('b')!.voiceId).toMatch(/^espeak:de/);
    expect(findVoice(result.get('c')!.voiceId)!.gender).toBe('female');
    expect(result.get('n')!.voiceId).toMatch(/^espeak:de/);
    expect([...result.values()].some((choice) => choice.voiceId === 'cloner:de')).toBe(false);
  });

  it('rejects an unknown selected voice (not_found) and a language without voices (unsupported_language)', () => {
    expect(() =>
      chooseVoices({
        targetLanguage: 'de',
        speakers: [{ id: 'a' }],
        selectedVoiceId: 'espeak:nope',
        voiceModel: 'auto',
        voices,
      }),
    ).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(() => chooseVoices({ targetLanguage: 'zu', speakers: [{ id: 'a' }], voiceModel: 'auto', voices })).toThrow(
      expect.objectContaining({ code: 'unsupported_language' }),
    );
  });
});
