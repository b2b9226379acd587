/** The sample rate of the speech track prepare-media extracts (audio/speech-16k.wav), which the analysis stages read. */
export const SPEECH_SAMPLE_RATE = 16_000;
