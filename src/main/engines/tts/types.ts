// Text to speech: every voice engine (built-in eSpeak NG, later Piper and cloning) sits behind this interface.

export type VoiceGender = 'female' | 'male' | 'neutral';

export interface Voice {
  /** Stable id used in `selected_voice_id`, e.g. `espeak:de+f2`. */
  id: string;
  name: string;
  /** Primary language code as in src/shared/languages.ts (`de`, `pt`, `zh`). */
  language: string;
  /** Full locale or eSpeak voice code when the engine has one (`pt-br`, `en-gb`). */
  locale?: string;
  gender: VoiceGender;
  engine: string;
  /** `draft` for eSpeak NG, `standard` for neural voices. */
  quality?: 'draft' | 'standard';
  /** Clones the reference speech given in each request (voice_model=real) instead of speaking in a fixed voice. */
  clones?: boolean;
  /** Typical median fundamental frequency of this voice, Hz, used to match a speaker's pitch. */
  pitchHz?: number;
}

export interface SynthesisRequest {
  text: string;
  voiceId: string;
  /** Speaking rate relative to the voice's normal speed (1 = normal, 1.2 = 20 % faster). */
  rate?: number;
  /** Pitch shift in semitones relative to the voice's normal pitch (engines apply what they can). */
  pitchSemitones?: number;
  /** Zero-shot cloning (voice_model=real): a few seconds of the speaker's own clean speech and what it says. */
  reference?: { wavFile: string; text: string };
  signal?: AbortSignal;
}

/** Mono float PCM in -1..1. */
export interface SynthesizedSpeech {
  samples: Float32Array;
  sampleRate: number;
}

export interface TtsEngine {
  readonly id: string;
  /** As the capability table names it (the plan and the job log show it); an engine added outside the table may lack one. */
  readonly title?: string;
  voices(): Voice[];
  synthesize(request: SynthesisRequest): Promise<SynthesizedSpeech>;
  dispose?(): Promise<void>;
}
