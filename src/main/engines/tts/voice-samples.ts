// Short audition samples of any engine's voices: one sentence in the voice's language, synthesized once and kept on disk.
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../files/atomic-write.js';
import { encodeWav } from '../../media/audio.js';
import { DubDeskError } from '../../../shared/errors.js';
import type { TtsEngine, Voice } from './types.js';

/** "Hello, this is how I sound..." in the main languages; others fall back to English. */
export const SAMPLE_SENTENCES: Readonly<Record<string, string>> = {
  ar: 'مرحبا، هكذا يبدو صوتي عندما أقرأ ترجمتك.',
  bg: 'Здравейте, така звучи гласът ми, когато чета вашия превод.',
  ca: 'Hola, així sona la meva veu quan llegeixo la vostra traducció.',
  cs: 'Dobrý den, takhle zní můj hlas, když čtu váš překlad.',
  da: 'Hej, sådan lyder min stemme, når jeg læser din oversættelse.',
  de: 'Hallo, so klingt meine Stimme, wenn ich Ihre Übersetzung vorlese.',
  el: 'Γεια σας, έτσι ακούγεται η φωνή μου όταν διαβάζω τη μετάφρασή σας.',
  en: 'Hello, this is how my voice sounds when I read your translation.',
  es: 'Hola, así suena mi voz cuando leo tu traducción.',
  fa: 'سلام، صدای من وقتی ترجمه شما را می‌خوانم این‌طور است.',
  fi: 'Hei, tältä ääneni kuulostaa, kun luen käännöksesi.',
  fr: 'Bonjour, voici comment sonne ma voix quand je lis votre traduction.',
  he: 'שלום, כך נשמע הקול שלי כשאני קורא את התרגום שלך.',
  hi: 'नमस्ते, जब मैं आपका अनुवाद पढ़ता हूँ तो मेरी आवाज़ ऐसी लगती है।',
  hr: 'Bok, ovako zvuči moj glas kada čitam vaš prijevod.',
  hu: 'Helló, így szól a hangom, amikor felolvasom a fordítását.',
  id: 'Halo, beginilah suara saya saat membacakan terjemahan Anda.',
  it: 'Ciao, ecco come suona la mia voce quando leggo la tua traduzione.',
  ja: 'こんにちは、あなたの翻訳を読むとき、私の声はこのように聞こえます。',
  ko: '안녕하세요, 번역을 읽을 때 제 목소리는 이렇게 들립니다.',
  ms: 'Helo, beginilah bunyi suara saya apabila membaca terjemahan anda.',
  nb: 'Hei, slik høres stemmen min ut når jeg leser oversettelsen din.',
  nl: 'Hallo, zo klinkt mijn stem wanneer ik uw vertaling voorlees.',
  pl: 'Dzień dobry, tak brzmi mój głos, kiedy czytam twoje tłumaczenie.',
  pt: 'Olá, é assim que a minha voz soa quando leio a sua tradução.',
  ro: 'Bună ziua, așa sună vocea mea când citesc traducerea dumneavoastră.',
  ru: 'Здравствуйте, так звучит мой голос, когда я читаю ваш перевод.',
  sk: 'Dobrý deň, takto znie môj hlas, keď čítam váš preklad.',
  sr: 'Здраво, овако звучи мој глас када читам ваш превод.',
  sv: 'Hej, så här låter min röst när jag läser din översättning.',
  sw: 'Habari, hivi ndivyo sauti yangu inavyosikika ninaposoma tafsiri yako.',
  ta: 'வணக்கம், உங்கள் மொழிபெயர்ப்பைப் படிக்கும்போது என் குரல் இப்படித்தான் ஒலிக்கிறது.',
  th: 'สวัสดีครับ นี่คือเสียงของผมเมื่ออ่านคำแปลของคุณ',
  tr: 'Merhaba, çevirinizi okurken sesim böyle duyuluyor.',
  uk: 'Добрий день, так звучить мій голос, коли я читаю ваш переклад.',
  ur: 'ہیلو، جب میں آپ کا ترجمہ پڑھتا ہوں تو میری آواز ایسی لگتی ہے۔',
  vi: 'Xin chào, đây là giọng của tôi khi đọc bản dịch của bạn.',
  yue: '你好，我讀你嘅翻譯嗰陣，把聲就係咁樣。',
  zh: '你好，这就是我朗读你的译文时的声音。',
};

export function sampleSentence(language: string): string {
  return SAMPLE_SENTENCES[language] ?? SAMPLE_SENTENCES.en;
}

export interface VoiceSampleCacheOptions {
  /** One engine, or every engine's voices at once (combinedVoices). */
  engine: Pick<TtsEngine, 'voices' | 'synthesize'>;
  /** Folder of the cached WAV files (created on first use). */
  cacheDir: string;
}

export interface VoiceSampleCache {
  /** Path of the voice's sample WAV, synthesizing it on first request; not_found for an unknown voice. */
  sampleFile(voiceId: string): Promise<string>;
}

/** Every engine's voices as one engine: each synthesis goes to the engine that has the voice (the registry's ttsFor). */
export function combinedVoices(source: {
  voices(): Voice[];
  ttsFor(voiceId: string): Pick<TtsEngine, 'synthesize'>;
}): Pick<TtsEngine, 'voices' | 'synthesize'> {
  return {
    voices: () => source.voices(),
    synthesize: (request) => source.ttsFor(request.voiceId).synthesize(request),
  };
}

/** Cache file name: voice ids hold ':' and '+', which not every file system takes. */
export function sampleFileName(voiceId: string): string {
  return `${voiceId.replace(/[^A-Za-z0-9._-]/g, '_')}.wav`;
}

export function createVoiceSampleCache(options: VoiceSampleCacheOptions): VoiceSampleCache {
  const pending = new Map<string, Promise<string>>();

  async function generate(voice: Voice, file: string): Promise<string> {
    try {
      await fs.access(file);
      return file;
    } catch {
      // Not cached yet.
    }
    const speech = await options.engine.synthesize({ text: sampleSentence(voice.language), voiceId: voice.id });
    // Atomic: a crash never leaves a truncated sample that later requests would serve.
    await writeFileAtomic(file, encodeWav(speech.samples, speech.sampleRate));
    return file;
  }

  return {
    sampleFile(voiceId) {
      const voice = options.engine.voices().find((candidate) => candidate.id === voiceId);
      if (!voice)
        return Promise.reject(new DubDeskError('not_found', `No voice '${voiceId}'. GET /v1/voices lists the voices.`));
      // A cloning voice has no sound of its own: it takes each speaker's.
      if (voice.clones)
        return Promise.reject(
          new DubDeskError(
            'invalid_request',
            `${voice.name} has no sample: it speaks in the voice of each speaker's own speech (voice_model=real).`,
          ),
        );
      const file = path.join(options.cacheDir, sampleFileName(voiceId));
      // Concurrent requests for the same sample share one synthesis (tens of ms, so no request cancels it).
      let running = pending.get(voiceId);
      if (!running) {
        running = generate(voice, file).finally(() => pending.delete(voiceId));
        pending.set(voiceId, running);
      }
      return running;
    },
  };
}
