// SRT reading, validation and writing live in src/shared/subtitles (the renderer reads the same files the same way).
export {
  describeEncoding,
  formatSrtTime,
  looksLikeSrt,
  parseSrt,
  readSrt,
  serializeSrt,
  speakableText,
  validateSrt,
  withoutVoiceTags,
  type SrtCue,
  type SrtFile,
  type ValidateSrtOptions,
} from '../../shared/subtitles/srt.js';
