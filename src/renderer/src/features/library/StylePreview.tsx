import { useEffect, useRef, useState } from 'react';
import { cssColour } from './style-draft.js';
import { layoutPreview, lineBox, SHADOW_COLOUR, type FrameSize } from './style-preview.js';
import type { StyleDraft } from './style-draft.js';

export type PreviewBackground =
  { kind: 'gradient'; frame: FrameSize } | { kind: 'frame'; image: ImageBitmap | HTMLCanvasElement; name: string };

/** A neutral frame: a sky-to-ground gradient with mid tones, where both light and dark text must stay readable. */
function paintGradient(context: CanvasRenderingContext2D, frame: FrameSize): void {
  const sky = context.createLinearGradient(0, 0, 0, frame.height);
  sky.addColorStop(0, '#5d7fa3');
  sky.addColorStop(0.55, '#c9d3dc');
  sky.addColorStop(0.56, '#7c8b63');
  sky.addColorStop(1, '#3e4a30');
  context.fillStyle = sky;
  context.fillRect(0, 0, frame.width, frame.height);
  // A bright patch near the subtitle line, the hardest place for white text.
  const glow = context.createRadialGradient(
    frame.width * 0.62,
    frame.height * 0.85,
    0,
    frame.width * 0.62,
    frame.height * 0.85,
    Math.min(frame.width, frame.height) * 0.35,
  );
  glow.addColorStop(0, 'rgba(255, 250, 235, 0.85)');
  glow.addColorStop(1, 'rgba(255, 250, 235, 0)');
  context.fillStyle = glow;
  context.fillRect(0, 0, frame.width, frame.height);
}

function drawSubtitles(context: CanvasRenderingContext2D, style: StyleDraft, frame: FrameSize, text: string): number {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 3);
  const layout = layoutPreview(style, frame, lines, (line, font) => {
    context.font = font;
    return context.measureText(line).width;
  });
  context.font = layout.font;
  context.textAlign = layout.align;
  context.textBaseline = 'alphabetic';
  context.lineJoin = 'round';
  context.miterLimit = 2;
  const drawGlyphs = (dx: number, dy: number, fill: string, outline?: string) => {
    for (const line of layout.lines) {
      if (outline && layout.outlinePx > 0) {
        context.strokeStyle = outline;
        // A canvas stroke is centred on the glyph edge; libass' outline lies wholly outside it.
        context.lineWidth = layout.outlinePx * 2;
        context.strokeText(line.text, line.x + dx, line.baseline + dy);
      }
      context.fillStyle = fill;
      context.fillText(line.text, line.x + dx, line.baseline + dy);
    }
  };
  if (style.box) {
    for (const line of layout.lines) {
      const box = lineBox(line, layout);
      if (layout.shadowPx > 0) {
        context.fillStyle = cssColour(SHADOW_COLOUR);
        context.fillRect(box.left + layout.shadowPx, box.top + layout.shadowPx, box.width, box.height);
      }
      context.fillStyle = cssColour(style.box_colour);
      context.fillRect(box.left, box.top, box.width, box.height);
    }
    drawGlyphs(0, 0, cssColour(style.primary_colour));
  } else {
    if (layout.shadowPx > 0)
      drawGlyphs(layout.shadowPx, layout.shadowPx, cssColour(SHADOW_COLOUR), cssColour(SHADOW_COLOUR));
    drawGlyphs(0, 0, cssColour(style.primary_colour), cssColour(style.outline_colour));
  }
  return layout.fontPx;
}

/** The style drawn over a frame at the frame's own size, scaled down only for display. */
export function StylePreview({
  style,
  background,
  text,
}: {
  style: StyleDraft;
  background: PreviewBackground;
  text: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [fontPx, setFontPx] = useState(0);
  const frame =
    background.kind === 'gradient'
      ? background.frame
      : { width: background.image.width, height: background.image.height };

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    element.width = frame.width;
    element.height = frame.height;
    if (background.kind === 'gradient') paintGradient(context, frame);
    else context.drawImage(background.image, 0, 0);
    setFontPx(drawSubtitles(context, style, frame, text));
  }, [style, background, text, frame.width, frame.height]);

  const percent = Math.round(style.font_size * 1000) / 10;
  return (
    <figure className="style-preview">
      <canvas
        ref={canvas}
        role="img"
        data-font-px={fontPx}
        aria-label={`Preview of ${style.name || 'the style'}: ${percent} % text on a ${frame.width}×${frame.height} frame`}
      />
      <figcaption className="muted">
        {frame.width}×{frame.height}
        {background.kind === 'frame' ? ` frame of ${background.name}` : ' neutral frame'} · text {fontPx} px high. Drawn
        by this browser with its fonts; the burned result is drawn by libass with DejaVu Sans, so letter shapes may
        differ slightly.
      </figcaption>
    </figure>
  );
}

/** A still from a video (10 % in, at most 5 s) or a picture the user picked; nothing is uploaded. */
export async function grabFrame(file: File, signal?: AbortSignal): Promise<HTMLCanvasElement> {
  const url = URL.createObjectURL(file);
  try {
    const source: HTMLVideoElement | HTMLImageElement = file.type.startsWith('image/')
      ? new Image()
      : document.createElement('video');
    await new Promise<void>((resolve, reject) => {
      const fail = () => reject(new Error(`${file.name} cannot be read by this browser.`));
      signal?.addEventListener('abort', () => reject(new DOMException('Cancelled', 'AbortError')), { once: true });
      if (source instanceof HTMLImageElement) {
        source.onload = () => resolve();
        source.onerror = fail;
        source.src = url;
        return;
      }
      source.muted = true;
      source.preload = 'auto';
      source.onloadedmetadata = () => {
        source.currentTime = Math.min(5, (Number.isFinite(source.duration) ? source.duration : 0) * 0.1);
      };
      source.onseeked = () => resolve();
      source.onerror = fail;
      source.src = url;
    });
    const width = source instanceof HTMLVideoElement ? source.videoWidth : source.naturalWidth;
    const height = source instanceof HTMLVideoElement ? source.videoHeight : source.naturalHeight;
    if (!width || !height) throw new Error(`${file.name} has no picture.`);
    const still = document.createElement('canvas');
    still.width = width;
    still.height = height;
    still.getContext('2d')!.drawImage(source, 0, 0, width, height);
    return still;
  } finally {
    URL.revokeObjectURL(url);
  }
}
