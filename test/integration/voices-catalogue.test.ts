import { afterAll, describe, expect, it } from 'vitest';
import { parseVoicesTable } from '../../src/main/engines/tts/espeak-cli.js';
import { createEspeakEngine } from '../../src/main/engines/tts/espeak-engine.js';
import { EspeakPool } from '../../src/main/engines/tts/espeak-pool.js';
import {
  ESPEAK_LANGUAGE_VOICES,
  languageOfEspeakTag,
  listVoices,
  VOICE_VARIANTS,
  voicesForLanguage,
} from '../../src/main/engines/tts/voice-catalogue.js';
import { sampleSentence } from '../../src/main/engines/tts/voice-samples.js';
import { medianF0, semitonesBetween } from '../../src/main/engines/voice-analysis/pitch.js';
import { LANGUAGES } from '../../src/shared/languages.js';

describe('built-in voice catalogue against the installed eSpeak NG', () => {
  const pool = new EspeakPool({ size: 2 });
  const engine = createEspeakEngine({ size: 2 });

  afterAll(async () => {
    await pool.close();
    await engine.dispose();
  });

  it('copies exactly the `--voices` rows of the languages DubDesk accepts', async () => {
    const live = parseVoicesTable((await pool.run({ args: ['--voices'] })).stdout);
    expect(live.length).toBeGreaterThan(100);
    const usable = live
      .filter((row) => languageOfEspeakTag(row.language))
      .map((row) => [row.language, row.file, row.name]);
    expect(usable).toEqual(ESPEAK_LANGUAGE_VOICES.map((row) => [...row]));
  });

  it('uses only variants this build has', async () => {
    const variants = parseVoicesTable((await pool.run({ args: ['--voices=variant'] })).stdout);
    const files = new Set(variants.map((row) => row.file.replace('!v/', '')));
    for (const variant of VOICE_VARIANTS.filter((v) => v.file)) {
      expect(files.has(variant.file), variant.file).toBe(true);
      expect(variants.find((row) => row.file === `!v/${variant.file}`)!.gender, variant.file).toBe(variant.gender);
    }
  });

  it('speaks every language with its first male and first female voice', async () => {
    const picks = LANGUAGES.flatMap((language) => {
      const own = voicesForLanguage(language.code);
      return own.length ? [own.find((v) => v.gender === 'male')!, own.find((v) => v.gender === 'female')!] : [];
    });
    const results = await Promise.all(
      picks.map(async (voice) => {
        const speech = await engine.synthesize({ text: sampleSentence(voice.language), voiceId: voice.id });
        return [voice.id, speech.samples.length / speech.sampleRate] as const;
      }),
    );
    for (const [id, seconds] of results) expect(seconds, id).toBeGreaterThan(0.5);
  });

  it("has every variant's typical pitch within 1.5 semitones of what the voice really does", async () => {
    const measured = await Promise.all(
      ['en-us', 'de', 'es'].flatMap((base) =>
        VOICE_VARIANTS.map(async (variant) => {
          const voice = listVoices().find((v) => v.id === `espeak:${base}${variant.id ? `+${variant.id}` : ''}`)!;
          const speech = await engine.synthesize({ text: sampleSentence(voice.language), voiceId: voice.id });
          return { id: voice.id, listed: voice.pitchHz!, heard: medianF0(speech.samples, speech.sampleRate)! };
        }),
      ),
    );
    for (const { id, listed, heard } of measured)
      expect(
        Math.abs(semitonesBetween(listed, heard)),
        `${id}: listed ${listed} Hz, heard ${heard.toFixed(0)} Hz`,
      ).toBeLessThan(1.5);
  });
});
