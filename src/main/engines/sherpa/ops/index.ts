// Every operation the sherpa-onnx child can run: one module per operation, listed here once.
import type { SherpaOpSource } from '../op.js';
import { LANGUAGE_ID_OP } from './language-id.js';
import { SPEAKER_DIARIZATION_OP } from './speaker-diarization.js';
import { SHERPA_TTS_OP } from './tts.js';
import { VAD_OP } from './vad.js';
import { WHISPER_TRANSCRIBE_OP } from './whisper.js';

export const SHERPA_OPS: readonly SherpaOpSource[] = [
  VAD_OP,
  WHISPER_TRANSCRIBE_OP,
  LANGUAGE_ID_OP,
  SPEAKER_DIARIZATION_OP,
  SHERPA_TTS_OP,
];
