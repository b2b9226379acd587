import { PROJECT_STAGE, type DraftBox, type ProjectDraft } from '../project-snapshot.js';
import type { Stage } from '../types.js';
import type { PixelBox } from '../../media/image/rgb-image.js';
import { frameTranslateOutput } from './outputs.js';
import type { FrameTranslateRequest } from './types.js';

type FrameSize = { width: number; height: number };

const clamp01 = (value: number): number => Math.min(1, Math.max(0, value));

/** A box in the find frame's pixels as fractions of that frame (the project's boxes), kept inside it. */
export function normalizeBox(box: PixelBox, frame: FrameSize): DraftBox {
  const x = clamp01(box.x / frame.width);
  const y = clamp01(box.y / frame.height);
  return {
    x,
    y,
    width: clamp01((box.x + box.width) / frame.width) - x,
    height: clamp01((box.y + box.height) / frame.height) - y,
  };
}

/** The job's text blocks as a project: when and where each is shown, what it says and its translation. */
export function makeProjectStage(): Stage<FrameTranslateRequest> {
  return {
    name: PROJECT_STAGE,
    label: 'Preparing the project',
    status: 'processing',
    weight: 0.1,
    skip: ({ request }) => (request.project_mode === 'editable' ? undefined : 'no editable project was asked for'),
    async run({ outputs }, ctx) {
      const video = frameTranslateOutput(outputs, 'fetch-inputs').inputs.video_url!;
      const translated = frameTranslateOutput(outputs, 'translate-text');
      ctx.log(`project: ${translated.blocks.length} texts`);
      return {
        kind: 'frame_translate',
        sourceLanguage: translated.sourceLanguage,
        targetLanguage: translated.targetLanguage,
        // Probed at intake; a video without a known length lasts at least until its last text.
        mediaDurationMs: Math.round(
          video.info?.durationSec
            ? video.info.durationSec * 1000
            : Math.max(0, ...translated.blocks.map((block) => block.endMs)),
        ),
        media: video.path,
        speakerVoices: {},
        segments: translated.blocks.map((block) => ({
          startMs: block.startMs,
          endMs: block.endMs,
          sourceText: block.sourceText,
          targetText: block.targetText,
          blockId: block.id,
          box: normalizeBox(block.box, translated.frame),
        })),
      } satisfies ProjectDraft;
    },
  };
}
