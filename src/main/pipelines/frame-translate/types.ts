import type { PixelBox } from '../../media/image/rgb-image.js';
import type { CommonStageOutputs } from '../stage-outputs.js';
import type { StageOutput } from '../types.js';
import type { ScreenTextRead } from '../../engines/ocr/video-text/screen-text.js';
import type { ReadTextEvent } from '../../engines/ocr/video-text/read-events.js';

export type { FrameTranslateRequest } from '../../../shared/schemas/jobs.js';

/** The text shown in the video, as the find-text stage read it. */
export interface FoundScreenText extends StageOutput, ScreenTextRead {
  language: string;
}

/** Lines shown together in one place (a two-line subtitle, a slide's paragraph): translated and drawn as one. */
export interface TextBlock {
  id: number;
  startMs: number;
  endMs: number;
  /** Union of its lines' boxes, in the find frame's pixels. */
  box: PixelBox;
  /** Its lines, top to bottom. */
  lines: ReadTextEvent[];
  sourceText: string;
  targetText: string;
}

/** What the translate-text stage keeps: every block with its span, box, source and translation (a project's segments). */
export interface TranslatedScreenText extends StageOutput {
  sourceLanguage: string;
  targetLanguage: string;
  frame: { width: number; height: number };
  blocks: TextBlock[];
  translator: string;
}

export interface RenderedScreenText extends StageOutput {
  video: string;
}

export interface FrameTranslateStageOutputs extends CommonStageOutputs {
  'find-text': FoundScreenText;
  'translate-text': TranslatedScreenText;
  render: RenderedScreenText;
}
