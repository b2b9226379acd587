import { describe, expect, it } from 'vitest';
import type { FaceLandmarks } from '../../src/main/engines/face/types.js';
import { cropRgb, type PixelBox, type Point, type RgbImage } from '../../src/main/media/image/rgb-image.js';
import { mouthBox, describeMouth } from '../../src/main/engines/lipsync/mouth-shape.js';
import { applyMouthShape } from '../../src/main/engines/lipsync/mouth-warp/mouth-warp.js';
import {
  applyBlink,
  applyIdleMotion,
  applySway,
  blinkBox,
  describeEye,
  swayBox,
  swayPoint,
} from '../../src/main/engines/lipsync/mouth-warp/idle-motion.js';
import { makeSyntheticFace } from '../fixtures/synthetic-mouth.js';

const SCLERA: [number, number, number] = [236, 236, 230];
const IRIS: [number, number, number] = [60, 90, 130];

/** An almond eye (white, with a dark iris) painted onto the picture, and its 16-point contour in face-mesh order. */
function paintEye(image: RgbImage, cx: number, cy: number, width: number, opening: number): Point[] {
  const half = width / 2;
  const upper = (dx: number) => cy - 0.62 * opening * Math.max(0, 1 - (dx / half) ** 2);
  const lower = (dx: number) => cy + 0.38 * opening * Math.max(0, 1 - (dx / half) ** 2);
  for (let y = Math.floor(cy - opening); y <= cy + opening; y++) {
    for (let x = Math.floor(cx - half); x <= cx + half; x++) {
      const dx = x - cx;
      if (y <= upper(dx) || y >= lower(dx)) continue;
      const colour = Math.hypot(dx, y - (cy - 0.1 * opening)) < 0.42 * opening ? IRIS : SCLERA;
      image.data.set(colour, (y * image.width + x) * 3);
    }
  }
  const contour: Point[] = [];
  for (let k = 0; k <= 8; k++) {
    const dx = -half + (width * k) / 8;
    contour.push({ x: cx + dx, y: upper(dx) });
  }
  for (let k = 1; k < 8; k++) {
    const dx = half - (width * k) / 8;
    contour.push({ x: cx + dx, y: lower(dx) });
  }
  return contour;
}

/** A 400x400 synthetic face: skin, two eyes, lips; landmarks as the face engine reports them. */
function syntheticFace(): { image: RgbImage; face: FaceLandmarks } {
  const synthetic = makeSyntheticFace({ width: 400, height: 400, mouthWidth: 80, mouthY: 290 });
  const image = synthetic.image;
  const leftEye = paintEye(image, 155, 200, 50, 18);
  const rightEye = paintEye(image, 245, 200, 50, 18);
  return {
    image,
    face: {
      box: { x: 100, y: 120, width: 200, height: 240 },
      score: 1,
      mouthOuter: synthetic.mouth.outer,
      mouthInner: synthetic.mouth.inner,
      leftEye,
      rightEye,
      nose: [{ x: 200, y: 240 }],
    },
  };
}

const copyOf = (image: RgbImage): RgbImage => ({ ...image, data: Uint8Array.from(image.data) });

function changedOutside(before: RgbImage, after: RgbImage, box: PixelBox): number {
  let changed = 0;
  for (let y = 0; y < before.height; y++) {
    for (let x = 0; x < before.width; x++) {
      if (x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height) continue;
      const i = (y * before.width + x) * 3;
      if (
        before.data[i] !== after.data[i] ||
        before.data[i + 1] !== after.data[i + 1] ||
        before.data[i + 2] !== after.data[i + 2]
      )
        changed++;
    }
  }
  return changed;
}

/** Pixels of the box close to a colour. */
function countColour(image: RgbImage, box: PixelBox, colour: readonly number[], tolerance = 30): number {
  let count = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = (y * image.width + x) * 3;
      if (
        Math.abs(image.data[i] - colour[0]) +
          Math.abs(image.data[i + 1] - colour[1]) +
          Math.abs(image.data[i + 2] - colour[2]) <
        tolerance
      )
        count++;
    }
  }
  return count;
}

describe('blink warp', () => {
  it('changes nothing at amount 0', () => {
    const { image, face } = syntheticFace();
    const frame = copyOf(image);
    expect(applyBlink(frame, face.leftEye, 0)).toBeNull();
    applyIdleMotion(frame, face, { blink: 0, swayX: 0, swayY: 0, tiltDeg: 0 });
    expect(Buffer.from(frame.data).equals(Buffer.from(image.data))).toBe(true);
  });

  it('finds the upper and lower lid whichever way the contour runs', () => {
    const { face } = syntheticFace();
    const forward = describeEye(face.leftEye)!;
    const backward = describeEye([...face.leftEye].reverse())!;
    expect(forward.width).toBeCloseTo(50, 6);
    expect(Math.max(...forward.upper.v)).toBeLessThanOrEqual(1e-9);
    expect(Math.min(...forward.lower.v)).toBeGreaterThanOrEqual(-1e-9);
    expect(Array.from(backward.upper.v)).toEqual(Array.from(forward.upper.v));
  });

  it('hides the eye under a darker lid line when closed, and leaves the mouth alone', () => {
    const { image, face } = syntheticFace();
    const frame = copyOf(image);
    const eye = describeEye(face.leftEye)!;
    const box = applyBlink(frame, face.leftEye, 1)!;
    expect(box).toEqual(blinkBox(eye, image.width, image.height));
    const eyeArea = { x: 131, y: 189, width: 48, height: 17 };
    // The picture's eye shows plenty of white and iris; the closed eye shows neither.
    expect(countColour(image, eyeArea, SCLERA)).toBeGreaterThan(200);
    expect(countColour(image, eyeArea, IRIS)).toBeGreaterThan(100);
    expect(countColour(frame, eyeArea, SCLERA)).toBe(0);
    expect(countColour(frame, eyeArea, IRIS)).toBe(0);
    // A darker line where the lids meet (this painted eye has no lashes, so it is the shading alone).
    const meetY = Math.round(200 + (-0.62 + 0.8) * 18);
    const luma = (img: RgbImage, x: number, y: number) => {
      const i = (y * img.width + x) * 3;
      return 0.299 * img.data[i] + 0.587 * img.data[i + 1] + 0.114 * img.data[i + 2];
    };
    expect(luma(frame, 155, meetY)).toBeLessThan(luma(frame, 155, meetY - 5) - 10);
    expect(changedOutside(image, frame, box)).toBe(0);
    const mouth = mouthBox(
      describeMouth({ outer: face.mouthOuter, inner: face.mouthInner }),
      image.width,
      image.height,
    );
    expect(Buffer.from(cropRgb(frame, mouth).data).equals(Buffer.from(cropRgb(image, mouth).data))).toBe(true);
    // The other eye is untouched too.
    const right = { x: 221, y: 189, width: 48, height: 17 };
    expect(Buffer.from(cropRgb(frame, right).data).equals(Buffer.from(cropRgb(image, right).data))).toBe(true);
  });

  it('covers more of the eye the further it closes', () => {
    const { image, face } = syntheticFace();
    const eyeArea = { x: 131, y: 189, width: 48, height: 17 };
    const visible = [0.25, 0.5, 0.75].map((amount) => {
      const frame = copyOf(image);
      applyBlink(frame, face.leftEye, amount);
      return countColour(frame, eyeArea, SCLERA) + countColour(frame, eyeArea, IRIS);
    });
    const open = countColour(image, eyeArea, SCLERA) + countColour(image, eyeArea, IRIS);
    expect(visible[0]).toBeLessThan(open);
    expect(visible[1]).toBeLessThan(visible[0]);
    expect(visible[2]).toBeLessThan(visible[1]);
    expect(visible[2]).toBeGreaterThan(0);
  });
});

describe('head sway warp', () => {
  it('changes nothing for a zero pose', () => {
    const { image, face } = syntheticFace();
    const frame = copyOf(image);
    expect(applySway(frame, face.box, { swayX: 0, swayY: 0, tiltDeg: 0 })).toBeNull();
    expect(Buffer.from(frame.data).equals(Buffer.from(image.data))).toBe(true);
  });

  it('moves the head and leaves every pixel outside the enlarged face box as it was', () => {
    const { image, face } = syntheticFace();
    const frame = copyOf(image);
    const box = applySway(frame, face.box, { swayX: 0.015, swayY: -0.01, tiltDeg: 1 })!;
    expect(box).toEqual(swayBox(face.box, image.width, image.height));
    expect(box.width).toBeCloseTo(200 * 1.4, -1);
    expect(changedOutside(image, frame, box)).toBe(0);
    // Its border rows and columns stay too (the anchors), so no seam can show.
    const border = { x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2 };
    expect(changedOutside(image, frame, border)).toBe(0);
    expect(Buffer.from(frame.data).equals(Buffer.from(image.data))).toBe(false);
  });

  it('moves a feature at a landmark to where swayPoint puts it', () => {
    const { image, face } = syntheticFace();
    // A soft dark dot on the nose: its centroid is measurable to a fraction of a pixel.
    const dot = { x: 203.3, y: 236.6 };
    for (let y = 220; y < 254; y++) {
      for (let x = 186; x < 220; x++) {
        const k = Math.exp(-((x - dot.x) ** 2 + (y - dot.y) ** 2) / (2 * 3 ** 2));
        for (let c = 0; c < 3; c++) image.data[(y * image.width + x) * 3 + c] = Math.round(200 * (1 - k));
      }
    }
    for (const pose of [
      { swayX: 0.015, swayY: 0.01, tiltDeg: 1 },
      { swayX: -0.012, swayY: 0.004, tiltDeg: -0.8 },
    ]) {
      const frame = copyOf(image);
      applySway(frame, face.box, pose);
      const expected = swayPoint(dot, face.box, pose);
      const moved = Math.hypot(expected.x - dot.x, expected.y - dot.y);
      // 1.5 % of a 240 px face is 3.6 px, plus the tilt about the chin: the dot moves by several pixels.
      expect(moved).toBeGreaterThan(2.5);
      let sx = 0;
      let sy = 0;
      let total = 0;
      for (let y = 215; y < 260; y++) {
        for (let x = 180; x < 225; x++) {
          const weight = Math.max(0, 200 - frame.data[(y * frame.width + x) * 3]);
          sx += weight * x;
          sy += weight * y;
          total += weight;
        }
      }
      expect(sx / total).toBeCloseTo(expected.x, 0);
      expect(Math.hypot(sx / total - expected.x, sy / total - expected.y)).toBeLessThan(0.25);
    }
  });

  it('carries the reshaped mouth along with the head', () => {
    const { image, face } = syntheticFace();
    const pose = { blink: 0, swayX: 3 / 240, swayY: 2 / 240, tiltDeg: 0 };
    const reshaped = copyOf(image);
    applyMouthShape(
      reshaped,
      { outer: face.mouthOuter, inner: face.mouthInner },
      { opening: 0.8, width: 0, rounding: 0 },
    );
    const swayed = copyOf(reshaped);
    applyIdleMotion(swayed, face, pose);
    // A pure shift of 3 px right and 2 px down in the face box: the open mouth appears there, unchanged.
    const mouth = mouthBox(
      describeMouth({ outer: face.mouthOuter, inner: face.mouthInner }),
      image.width,
      image.height,
    );
    const shifted = { ...mouth, x: mouth.x + 3, y: mouth.y + 2 };
    const expected = cropRgb(reshaped, mouth).data;
    const diff = cropRgb(swayed, shifted).data.reduce((sum, v, i) => sum + Math.abs(v - expected[i]), 0);
    expect(diff / (mouth.width * mouth.height * 3)).toBeLessThan(1);
  });
});
