// Which translate stage saves which output shape; stages read earlier outputs through translateOutput.
import { stageOutputReader, type CommonStageOutputs } from '../stage-outputs.js';
import type { StageOutput } from '../types.js';
import type {
  CueList,
  ErasedSubtitles,
  ExportedFiles,
  GivenLines,
  IdentifiedSpeechLanguage,
  PreparedMedia,
  RecognizedSpeech,
  ScreenSubtitles,
  SeparatedAudio,
  SpeakerTurns,
  SpeechActivity,
  SynthesizedDub,
} from './types.js';

/** What the mix stage saves: the mixed track (relative to the work dir) and its length. */
export interface MixedAudio extends StageOutput {
  audio: string;
  durationSec: number;
  /** The loudness gain applied, dB (older saved outputs lack it). */
  gainDb?: number;
}

export interface TranslateOutputs extends CommonStageOutputs {
  'prepare-media': PreparedMedia;
  /** Voice activity in the original audio (drives transcription and the ducking of the original voice). */
  'detect-speech': SpeechActivity;
  /** The given subtitles' lines (only with subtitle_url). */
  'read-subtitles': GivenLines;
  'identify-language': IdentifiedSpeechLanguage;
  /** The burned-in subtitles read inside ocr_text_box (only with it). */
  'read-screen-text': ScreenSubtitles;
  transcribe: RecognizedSpeech;
  diarize: SpeakerTurns;
  /** The transcript as subtitle cues (only without subtitle_url or ocr_text_box). */
  segment: CueList;
  translate: CueList;
  /** The original's voice and background apart (only with a separation model). */
  separate: SeparatedAudio;
  synthesize: SynthesizedDub;
  mix: MixedAudio;
  /** The video with its burned-in subtitles erased (only with subtitle_mode replace). */
  'erase-subtitles': ErasedSubtitles;
  export: ExportedFiles;
}

export const translateOutput = stageOutputReader<TranslateOutputs>();

/** The output of a stage that may have been skipped for this job (undefined then). */
export function skippableOutput<Name extends keyof TranslateOutputs & string>(
  outputs: Record<string, StageOutput>,
  stage: Name,
): TranslateOutputs[Name] | undefined {
  return outputs[stage] as TranslateOutputs[Name] | undefined;
}
