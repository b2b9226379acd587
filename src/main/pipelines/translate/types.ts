import type { TranslateRequest } from '../../../shared/schemas/jobs.js';
import type { Engines } from '../../engines/registry.js';
import type { TranscribedSegment } from '../../engines/asr/types.js';
import type { SpeakerSegment } from '../../engines/diarization/types.js';
import type { SpeechRegion } from '../../engines/vad/types.js';
import type { NormalizedBox } from '../../engines/ocr/text-regions.js';
import type { ScreenTextRead } from '../../engines/ocr/video-text/screen-text.js';
import type { MediaTools } from '../../media/ffmpeg-paths.js';
import type { PixelBox } from '../../media/image/rgb-image.js';
import type { StageOutput } from '../types.js';
import type { SlowdownSegment } from '../../media/video-retime.js';
import type { DubCue, SpokenLine, UncertainSpeakerSpan } from '../../dubbing/types.js';

// The dubbing room's shapes, for the stages that read them from here.
export type { DubCue, SpokenLine, UncertainSpeakerSpan };

/**
 * What the translate-and-dub stages need besides their input; glossaries and style come from the job's snapshot
 * (requests/resource-snapshot.ts).
 */
export interface TranslateDeps {
  media: MediaTools;
  engines: Engines;
  /** Kept between jobs so fontconfig's cache survives (`<data>/fontconfig`). */
  fontconfigDir: string;
  /** Integrated loudness of the dubbed audio, LUFS. */
  loudnessLufs: number;
  /** Time-stretch cap of the timing fit. */
  maxStretch: number;
}

export interface PreparedMedia extends StageOutput {
  media: {
    /** The input: relative to the work dir when downloaded into it, absolute for a local file (resolveWorkPath). */
    path: string;
    name: string;
    /** The input's format by content, a format id of src/shared/media-formats.ts (absent in older saved outputs). */
    format?: string;
    durationSec: number;
    hasVideo: boolean;
    width?: number;
    height?: number;
    displayWidth?: number;
    displayHeight?: number;
    fps?: number;
    videoCodec?: string;
    audioCodec?: string;
    orientation: 'landscape' | 'portrait' | 'square';
  };
  /** 16 kHz mono WAV of the speech track, relative to the work dir (for speaker analysis). */
  speechWav: string;
}

/** What the detect-speech stage saves: where the original audio has speech (VAD on speechWav). */
export interface SpeechActivity extends StageOutput {
  regions: SpeechRegion[];
  /** The detector's title, for the log. */
  detector: string;
}

export interface CueList extends StageOutput {
  language: string;
  cues: DubCue[];
}

/** What the read-subtitles stage saves: the given subtitles' lines ('auto' language until it is identified). */
export interface GivenLines extends CueList {
  /** Some cue names its speaker (`<v Speaker>`): then the subtitles' speakers are kept and diarization is skipped. */
  speakersNamed: boolean;
}

/**
 * What the read-screen-text stage saves: the burned-in subtitles read inside ocr_text_box as the lines (cues as
 * read-subtitles makes them), and each text it read with its span and pixel box, so erasing them needs no second pass.
 */
export interface ScreenSubtitles extends GivenLines, ScreenTextRead {
  /** The request's ocr_text_box (fractions of the frame). */
  region: NormalizedBox;
}

/** What the identify-language stage saves. */
export interface IdentifiedSpeechLanguage extends StageOutput {
  /** A language part of src/shared/languages.ts. */
  language: string;
  confidence: number;
  identifier: string;
}

/** What the transcribe stage saves: the recognizer's segments as it gave them (cues are made by the segment stage). */
export interface RecognizedSpeech extends StageOutput {
  language: string;
  segments: TranscribedSegment[];
  recognizer: string;
}

/** What the diarize stage saves: who speaks when, speakers named `Speaker 1`, `Speaker 2` ... */
export interface SpeakerTurns extends StageOutput {
  turns: SpeakerSegment[];
  diarizer: string;
  /** Lines whose speaker is uncertain (the built-in clustering's close calls), in time order; absent or empty when sure. */
  uncertain?: UncertainSpeakerSpan[];
}

export type { TranslateRequest };

/** What the erase-subtitles stage saves: the video with the old subtitles erased, and where they were. */
export interface ErasedSubtitles extends StageOutput {
  /** Video only (no audio), relative to the work dir; absent when no burned-in subtitles were found. */
  video?: string;
  /** The subtitle_position_y that puts new subtitles on the old ones' line. */
  positionY?: number;
  /** The old subtitles' band, in the display size's pixels. */
  band?: PixelBox;
  erasedEvents: number;
}

export interface ExportedFiles extends StageOutput {
  video?: string;
  audio?: string;
  subtitle: string;
  /** The same cues as WebVTT, speakers as voice tags (older saved outputs lack it). */
  subtitleVtt?: string;
  /** The same cues as ASS in the job's subtitle style. */
  subtitleAss?: string;
  /** bilingual_subtitle: each cue's original line above its translation, SRT. */
  subtitleBilingual?: string;
  /** An export from a project: the mix encoded once as AAC (ADTS), reusing the chunks its last export encoded. */
  encodedAudio?: string;
}

/** What the separate stage saves: the original's voice and its music and ambience, relative to the work dir. */
export interface SeparatedAudio extends StageOutput {
  /** The original voice alone: the cleanest speech to clone a speaker from (removed once the mix is made: it is large). */
  vocals: string;
  /** Music and ambience without the voice: what the mix plays under the dub. */
  background: string;
  /** The separator's title, for the log. */
  separator: string;
}

export interface SynthesizedDub extends StageOutput {
  /** The dubbed speech alone, on the output timeline, relative to the work dir. */
  dubTrack: string;
  outputDurationMs: number;
  /** align_video: spans of the input slowed down (empty otherwise). */
  slowdowns: SlowdownSegment[];
  /** The translated cues on the output timeline: what the subtitles show. */
  outputCues: DubCue[];
  /** Video filters that retime the picture to match (align_video). */
  videoFilters: string[];
  /**
   * Per speaker; `reference` is the speech a cloning voice heard as theirs (file relative to the work dir, times on
   * the input timeline).
   */
  voices: Record<
    string,
    {
      voiceId: string;
      pitchSemitones: number;
      reference?: { file: string; startMs: number; endMs: number; text: string };
    }
  >;
  /**
   * Each line as the dub track holds it (output timeline): where its voice was placed, and how long the line lasts at
   * the voice's normal rate, so the quality check can measure on the track how fast and where it really sounds.
   * Absent in outputs saved by older versions.
   */
  spoken?: SpokenLine[];
}
