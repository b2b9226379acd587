// The glyph pixels of one line of on-screen text: what an inpainter must fill (not the whole box, so the
// background between letters survives), and the text's fill and outline colours for drawing the translation.
import { clampBox, type PixelBox, type Rgb, type RgbImage } from '../../media/image/rgb-image.js';
import type { InpaintMask } from './types.js';

export type { Rgb };

export interface GlyphMask {
  /** Image-sized; 255 on glyph pixels grown by `dilation`, 0 elsewhere. */
  mask: InpaintMask;
  /** The smallest box holding every marked pixel (empty when no glyph was found). */
  bounds: PixelBox;
  /** Marked pixels. */
  pixelCount: number;
  /** Mean colour of the glyphs' dominant colour (the letters' fill). */
  fillRgb: Rgb;
  /** The second glyph colour when the letters have an outline or shadow of their own colour. */
  outlineRgb?: Rgb;
  /** Pixels the glyphs were grown by (anti-aliasing, soft outlines). */
  dilation: number;
  /** Mean thickness in pixels of the strokes in the fill colour (2 x area / outline length): tells bold from regular. */
  strokeWidth: number;
}

export interface GlyphMaskOptions {
  /** Pixels to grow the glyphs by; default scaled to the line height. */
  dilation?: number;
}

// 4 bits per channel: colours within a bin's neighbourhood (about 16..32 levels) count as the same colour.
const BITS = 4;
const LEVELS = 1 << BITS;
const binOf = (r: number, g: number, b: number): number =>
  ((r >> (8 - BITS)) << (2 * BITS)) | ((g >> (8 - BITS)) << BITS) | (b >> (8 - BITS));

/** Pixels to grow glyphs by for a line `lineHeight` tall: covers anti-aliasing and thin outlines. */
export function glyphDilation(lineHeight: number): number {
  return Math.max(2, Math.round(lineHeight * 0.04));
}

/**
 * Glyph pixels of the text line in `box`: the pixels whose colour does not occur in the ring just outside the box
 * (the background there), grown by a few pixels.
 */
export function glyphMask(image: RgbImage, box: PixelBox, options: GlyphMaskOptions = {}): GlyphMask {
  const inner = clampBox(box, image.width, image.height);
  const dilation = options.dilation ?? glyphDilation(inner.height);
  const band = Math.max(2, Math.round(inner.height * 0.1));
  // Background is judged locally, a stretch of columns at a time: a colour bar at one end of a title must not hide
  // glyphs of the same colour at its other end.
  const segmentWidth = Math.max(16, inner.height);
  const segments = Math.max(1, Math.ceil(inner.width / segmentWidth));
  const backgrounds = Array.from({ length: segments }, (_, k) => {
    const from = inner.x + k * segmentWidth;
    const to = Math.min(inner.x + inner.width, from + segmentWidth);
    return backgroundBins(image, inner, band, {
      from: k === 0 ? -Infinity : from - band,
      to: k === segments - 1 ? Infinity : to + band,
    });
  });
  const core = new Uint8Array(inner.width * inner.height);
  const counts = new Uint32Array(LEVELS ** 3);
  for (let row = 0; row < inner.height; row++) {
    for (let col = 0; col < inner.width; col++) {
      const i = ((inner.y + row) * image.width + inner.x + col) * 3;
      const bin = binOf(image.data[i], image.data[i + 1], image.data[i + 2]);
      if (backgrounds[Math.floor(col / segmentWidth)]![bin]) continue;
      core[row * inner.width + col] = 1;
      counts[bin]++;
    }
  }
  const colours = glyphColours(image, inner, core, counts);
  const strokeWidth = fillStrokeWidth(image, inner, core, colours.fillRgb);
  const mask = new Uint8Array(image.width * image.height);
  const bounds = stampDilated(mask, image.width, image.height, inner, core, dilation);
  let pixelCount = 0;
  for (let index = 0; index < mask.length; index++) if (mask[index]) pixelCount++;
  return {
    mask: { data: mask, width: image.width, height: image.height, bounds },
    bounds,
    pixelCount,
    ...colours,
    dilation,
    strokeWidth,
  };
}

/** Mean thickness of the glyph pixels near the fill colour: twice their area over their edge pixels. */
function fillStrokeWidth(image: RgbImage, inner: PixelBox, core: Uint8Array, fill: Rgb): number {
  const fillBin = binOf(fill[0], fill[1], fill[2]);
  const isFill = new Uint8Array(core.length);
  for (let row = 0; row < inner.height; row++) {
    for (let col = 0; col < inner.width; col++) {
      const at = row * inner.width + col;
      if (!core[at]) continue;
      const i = ((inner.y + row) * image.width + inner.x + col) * 3;
      if (binDistance(binOf(image.data[i], image.data[i + 1], image.data[i + 2]), fillBin) <= 1) isFill[at] = 1;
    }
  }
  let area = 0;
  let edge = 0;
  for (let row = 0; row < inner.height; row++) {
    for (let col = 0; col < inner.width; col++) {
      const at = row * inner.width + col;
      if (!isFill[at]) continue;
      area++;
      const onEdge =
        col === 0 ||
        row === 0 ||
        col === inner.width - 1 ||
        row === inner.height - 1 ||
        !isFill[at - 1] ||
        !isFill[at + 1] ||
        !isFill[at - inner.width] ||
        !isFill[at + inner.width];
      if (onEdge) edge++;
    }
  }
  return edge === 0 ? 0 : (2 * area) / edge;
}

/**
 * Colour bins seen in a band `band` pixels wide around the box (inside the image), in the columns `from..to` of
 * it, widened by one bin each way.
 */
function backgroundBins(
  image: RgbImage,
  inner: PixelBox,
  band: number,
  columns: { from: number; to: number },
): Uint8Array {
  const outer = clampBox(
    { x: inner.x - band, y: inner.y - band, width: inner.width + 2 * band, height: inner.height + 2 * band },
    image.width,
    image.height,
  );
  const counts = new Uint32Array(LEVELS ** 3);
  let samples = 0;
  const left = Math.max(outer.x, columns.from);
  const right = Math.min(outer.x + outer.width, columns.to);
  for (let y = outer.y; y < outer.y + outer.height; y++) {
    for (let x = left; x < right; x++) {
      const inside = x >= inner.x && x < inner.x + inner.width && y >= inner.y && y < inner.y + inner.height;
      if (inside) continue;
      const i = (y * image.width + x) * 3;
      counts[binOf(image.data[i], image.data[i + 1], image.data[i + 2])]++;
      samples++;
    }
  }
  // A colour seen once or twice in the ring is more likely a glyph's tip poking out of the box than background.
  const minimum = Math.max(2, Math.round(samples * 0.001));
  const present = new Uint8Array(LEVELS ** 3);
  for (let bin = 0; bin < counts.length; bin++) {
    if (counts[bin] < minimum) continue;
    const r = bin >> (2 * BITS);
    const g = (bin >> BITS) & (LEVELS - 1);
    const b = bin & (LEVELS - 1);
    for (let dr = -1; dr <= 1; dr++)
      for (let dg = -1; dg <= 1; dg++)
        for (let db = -1; db <= 1; db++) {
          const nr = r + dr;
          const ng = g + dg;
          const nb = b + db;
          if (nr < 0 || ng < 0 || nb < 0 || nr >= LEVELS || ng >= LEVELS || nb >= LEVELS) continue;
          present[(nr << (2 * BITS)) | (ng << BITS) | nb] = 1;
        }
  }
  return present;
}

/** The most common glyph colour (fill) and, when frequent enough, a clearly different second one (outline). */
function glyphColours(
  image: RgbImage,
  inner: PixelBox,
  core: Uint8Array,
  counts: Uint32Array,
): Pick<GlyphMask, 'fillRgb' | 'outlineRgb'> {
  const fillBin = modeBin(counts, () => true);
  if (fillBin < 0) return { fillRgb: [255, 255, 255] };
  const fill = meanNear(image, inner, core, fillBin);
  const farFromFill = (bin: number): boolean => binDistance(bin, fillBin) > 3;
  const outlineBin = modeBin(counts, farFromFill);
  if (outlineBin < 0 || counts[outlineBin] < counts[fillBin] * 0.15) return { fillRgb: fill };
  const second = meanNear(image, inner, core, outlineBin);
  // Of two glyph colours the outline is the one nearer the background (the fill lies inside it); thin letters with a
  // thick outline have more outline pixels than fill.
  const depth = depthInGlyphs(core, inner.width, inner.height);
  return meanDepth(image, inner, depth, outlineBin) <= meanDepth(image, inner, depth, fillBin)
    ? { fillRgb: fill, outlineRgb: second }
    : { fillRgb: second, outlineRgb: fill };
}

/** Per glyph pixel, the city-block distance to the nearest background pixel (two-pass chamfer); 0 on background. */
function depthInGlyphs(core: Uint8Array, width: number, height: number): Uint16Array {
  const depth = new Uint16Array(core.length);
  const far = width + height;
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const at = row * width + col;
      if (!core[at]) continue;
      const up = row > 0 ? depth[at - width] : 0;
      const left = col > 0 ? depth[at - 1] : 0;
      depth[at] = Math.min(far, Math.min(up, left) + 1);
    }
  }
  for (let row = height - 1; row >= 0; row--) {
    for (let col = width - 1; col >= 0; col--) {
      const at = row * width + col;
      if (!core[at]) continue;
      const down = row < height - 1 ? depth[at + width] : 0;
      const right = col < width - 1 ? depth[at + 1] : 0;
      depth[at] = Math.min(depth[at], Math.min(down, right) + 1);
    }
  }
  return depth;
}

/** Mean depth of the glyph pixels in the bin or a neighbouring one. */
function meanDepth(image: RgbImage, inner: PixelBox, depth: Uint16Array, centreBin: number): number {
  let total = 0;
  let count = 0;
  for (let row = 0; row < inner.height; row++) {
    for (let col = 0; col < inner.width; col++) {
      const at = row * inner.width + col;
      if (!depth[at]) continue;
      const i = ((inner.y + row) * image.width + inner.x + col) * 3;
      if (binDistance(binOf(image.data[i], image.data[i + 1], image.data[i + 2]), centreBin) > 1) continue;
      total += depth[at];
      count++;
    }
  }
  return count === 0 ? 0 : total / count;
}

function modeBin(counts: Uint32Array, allowed: (bin: number) => boolean): number {
  let best = -1;
  for (let bin = 0; bin < counts.length; bin++)
    if (counts[bin] > 0 && allowed(bin) && (best < 0 || counts[bin] > counts[best])) best = bin;
  return best;
}

function binDistance(a: number, b: number): number {
  return Math.max(
    Math.abs((a >> (2 * BITS)) - (b >> (2 * BITS))),
    Math.abs(((a >> BITS) & (LEVELS - 1)) - ((b >> BITS) & (LEVELS - 1))),
    Math.abs((a & (LEVELS - 1)) - (b & (LEVELS - 1))),
  );
}

/** Mean colour of the glyph pixels in the bin or a neighbouring one. */
function meanNear(image: RgbImage, inner: PixelBox, core: Uint8Array, centreBin: number): Rgb {
  const sum = [0, 0, 0];
  let count = 0;
  for (let row = 0; row < inner.height; row++) {
    for (let col = 0; col < inner.width; col++) {
      if (!core[row * inner.width + col]) continue;
      const i = ((inner.y + row) * image.width + inner.x + col) * 3;
      if (binDistance(binOf(image.data[i], image.data[i + 1], image.data[i + 2]), centreBin) > 1) continue;
      sum[0] += image.data[i];
      sum[1] += image.data[i + 1];
      sum[2] += image.data[i + 2];
      count++;
    }
  }
  return [Math.round(sum[0] / count), Math.round(sum[1] / count), Math.round(sum[2] / count)];
}

/** Marks every pixel within `radius` (a disc) of a core pixel; returns the marked pixels' bounds. */
function stampDilated(
  mask: Uint8Array,
  width: number,
  height: number,
  inner: PixelBox,
  core: Uint8Array,
  radius: number,
): PixelBox {
  const offsets: [number, number][] = [];
  for (let dy = -radius; dy <= radius; dy++)
    for (let dx = -radius; dx <= radius; dx++)
      if (dx * dx + dy * dy <= radius * radius + radius) offsets.push([dx, dy]);
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let row = 0; row < inner.height; row++) {
    for (let col = 0; col < inner.width; col++) {
      if (!core[row * inner.width + col]) continue;
      const cx = inner.x + col;
      const cy = inner.y + row;
      for (const [dx, dy] of offsets) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        mask[y * width + x] = 255;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  return x1 < 0 ? { x: 0, y: 0, width: 0, height: 0 } : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}
