// The LaMa inpainter over a stand-in installed by the model store as a user's install would be: the masked pixels
// come from the model and no other pixel changes, at a frame's corners and for a subtitle band wider than the model's
// 512 pixels; the engine set prefers LaMa once installed and OpenCV otherwise; a corrupt file fails with
// engine_failed naming it; runs go one at a time and a cancel stops between tiles.
import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDubDeskError } from '../../src/shared/errors.js';
import { glyphMask } from '../../src/main/engines/inpaint/glyph-mask.js';
import { createLamaInpainter, LAMA_MODEL, LAMA_MODEL_FILE, LAMA_SIDE } from '../../src/main/engines/inpaint/lama.js';
import { planLamaTiles } from '../../src/main/engines/inpaint/lama-tiles.js';
import type { InpaintMask } from '../../src/main/engines/inpaint/types.js';
import type { EngineModels } from '../../src/main/engines/registry.js';
import { createRgbImage, type PixelBox, type RgbImage } from '../../src/main/media/image/rgb-image.js';
import { BUILTIN_CATALOGUE, createCatalogue } from '../../src/main/models/catalogue.js';
import { createModelStore, type ModelStore } from '../../src/main/models/model-store.js';
import { openBuiltEngines } from '../fixtures/engine-set.js';
import { lamaStandin, unpinnedFile, writeStandin, type StandinGraph } from '../fixtures/onnx-standins.js';
import { boundsOf, differingPixels, textClipFrames } from '../fixtures/text-frames.js';

let dir: string;
const stores: ModelStore[] = [];
const signal = new AbortController().signal;
const GREY = 128;
// The real entry without the published file's checksum, so the stand-in installs as LaMa.
const CATALOGUE = createCatalogue(
  [],
  BUILTIN_CATALOGUE.map((entry) =>
    entry.id === LAMA_MODEL ? { ...entry, files: entry.files.map(unpinnedFile) } : entry,
  ),
);

/** LaMa's signature; fills the hole with mid grey (0.5 * 255) and answers in 0..255 like Carve's export. */
function greyFillStandin(): StandinGraph {
  return {
    name: 'lama_grey_fill',
    inputs: [
      { name: 'image', type: 'float32', dims: [1, 3, 512, 512] },
      { name: 'mask', type: 'float32', dims: [1, 1, 512, 512] },
    ],
    outputs: [{ name: 'output', type: 'float32', dims: [1, 3, 512, 512] }],
    initializers: [
      { name: 'one', type: 'float32', dims: [], values: [1] },
      { name: 'half', type: 'float32', dims: [], values: [0.5] },
      { name: 'scale', type: 'float32', dims: [], values: [255] },
    ],
    nodes: [
      { op: 'Sub', inputs: ['one', 'mask'], outputs: ['keep'] },
      { op: 'Mul', inputs: ['image', 'keep'], outputs: ['kept'] },
      { op: 'Mul', inputs: ['mask', 'half'], outputs: ['grey'] },
      { op: 'Add', inputs: ['kept', 'grey'], outputs: ['filled'] },
      { op: 'Mul', inputs: ['filled', 'scale'], outputs: ['output'] },
    ],
  };
}

async function storeWith(graph: StandinGraph | undefined, name: string): Promise<ModelStore> {
  const store = createModelStore({ modelsDir: path.join(dir, `models-${name}`), catalogue: CATALOGUE });
  stores.push(store);
  if (graph) await store.importFrom(LAMA_MODEL, writeStandin(path.join(dir, 'downloads'), `${name}.onnx`, graph));
  return store;
}

/** A frame whose colours tell positions apart: red follows x, green y, blue both. */
function positionFrame(width: number, height: number): RgbImage {
  const image = createRgbImage(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      image.data[at] = x & 255;
      image.data[at + 1] = y & 255;
      image.data[at + 2] = (x + 2 * y) & 255;
    }
  }
  return image;
}

function boxMask(width: number, height: number, boxes: PixelBox[]): InpaintMask {
  const data = new Uint8Array(width * height);
  for (const box of boxes) {
    for (let y = box.y; y < box.y + box.height; y++) data.fill(255, y * width + box.x, y * width + box.x + box.width);
  }
  return { data, width, height };
}

const rgbAt = (image: RgbImage, pixel: number): number[] => [...image.data.subarray(pixel * 3, pixel * 3 + 3)];

/** Pixels outside the mask that differ between the two pictures (must be none). */
function changedOutsideMask(before: RgbImage, after: RgbImage, mask: InpaintMask): number {
  return differingPixels(before, after).filter((pixel) => !mask.data[pixel]).length;
}

/** Masked pixels whose colour is not exactly `rgb`. */
function maskedNotEqual(after: RgbImage, mask: InpaintMask, rgb: number[]): number {
  let count = 0;
  for (let pixel = 0; pixel < mask.data.length; pixel++) {
    if (mask.data[pixel] && rgbAt(after, pixel).some((value, channel) => value !== rgb[channel])) count++;
  }
  return count;
}

/** The engine's view of a store, counting runs and the most in flight at once; `afterRun` sees each finished run. */
function countingModels(store: ModelStore, afterRun?: (runs: number) => void) {
  const stats = { runs: 0, active: 0, maxActive: 0 };
  const models: EngineModels = {
    catalogue: store.catalogue,
    isInstalled: (id) => store.isInstalled(id),
    requireInstalled: (id) => store.requireInstalled(id),
    async openSession(id, fileName) {
      const bound = await store.openSession(id, fileName);
      return {
        ...bound,
        async run(feeds, options) {
          stats.runs++;
          stats.active++;
          stats.maxActive = Math.max(stats.maxActive, stats.active);
          try {
            return await bound.run(feeds, options);
          } finally {
            stats.active--;
            afterRun?.(stats.runs);
          }
        },
      };
    },
  };
  return { models, stats };
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-inpaint-lama-'));
});
afterAll(async () => {
  for (const store of stores) await store.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('LaMa inpainting over an installed stand-in', () => {
  it("fills the glyph mask of drawn text with the model's answer (the stand-in blacks the hole out) and changes no other pixel", async () => {
    const store = await storeWith(lamaStandin(), 'blackout');
    const lama = createLamaInpainter({ models: store });
    expect(lama.isAvailable()).toBe(true);
    const [plain] = await textClipFrames(dir, { background: 'testsrc2' });
    const [withText] = await textClipFrames(dir, {
      background: 'testsrc2',
      text: { word: 'Next station', fontSize: 56, colour: 'white', border: 3, bold: true },
    });
    const box = boundsOf(differingPixels(plain, withText), plain.width, 4);
    const { mask, pixelCount } = glyphMask(withText, box);
    expect(pixelCount).toBeGreaterThan(500);
    const before = new Uint8Array(withText.data);

    const erased = await lama.inpaint(withText, mask, signal);

    expect(maskedNotEqual(erased, mask, [0, 0, 0])).toBe(0);
    expect(changedOutsideMask(withText, erased, mask)).toBe(0);
    // A new picture: the caller's frame is untouched.
    expect(Buffer.from(withText.data).equals(before)).toBe(true);
    expect(erased.data).not.toBe(withText.data);
  });

  it("fills masks at the corners of a frame shorter than the model's side, in 0..255, and nothing else", async () => {
    const store = await storeWith(greyFillStandin(), 'corners');
    const lama = createLamaInpainter({ models: store });
    const frame = positionFrame(640, 360);
    for (const boxes of [
      [{ x: 0, y: 0, width: 40, height: 24 }],
      [{ x: 590, y: 330, width: 50, height: 30 }],
      [{ x: 0, y: 340, width: 640, height: 20 }],
    ]) {
      const mask = boxMask(frame.width, frame.height, boxes);
      const filled = await lama.inpaint(frame, mask, signal);
      expect(maskedNotEqual(filled, mask, [GREY, GREY, GREY]), JSON.stringify(boxes)).toBe(0);
      expect(changedOutsideMask(frame, filled, mask), JSON.stringify(boxes)).toBe(0);
    }
  });

  it('erases a full-width subtitle band of a 1080p frame in overlapping 512-pixel tiles, every masked pixel from the model', async () => {
    const store = await storeWith(greyFillStandin(), 'band');
    const { models, stats } = countingModels(store);
    const lama = createLamaInpainter({ models });
    const frame = positionFrame(1920, 1080);
    const band = { x: 160, y: 960, width: 1600, height: 70 };
    const mask = boxMask(frame.width, frame.height, [band]);

    const filled = await lama.inpaint(frame, mask, signal);

    expect(maskedNotEqual(filled, mask, [GREY, GREY, GREY])).toBe(0);
    expect(changedOutsideMask(frame, filled, mask)).toBe(0);
    // Full resolution (no scaling for a 70-pixel band), several tiles whose cores cover the band exactly once.
    const tiles = planLamaTiles(band, frame.width, frame.height, LAMA_SIDE);
    expect(tiles.every((tile) => tile.scale === 1 && tile.side === LAMA_SIDE)).toBe(true);
    expect(stats.runs).toBe(tiles.length);
    expect(tiles.length).toBeGreaterThan(3);
    expect(tiles.reduce((sum, tile) => sum + tile.core.width * tile.core.height, 0)).toBe(band.width * band.height);
    // Each core sits inside its tile with context on both sides, and every tile lies inside the frame.
    for (const tile of tiles) {
      expect(tile.core.x - tile.x).toBeGreaterThanOrEqual(64);
      expect(tile.x + tile.side - (tile.core.x + tile.core.width)).toBeGreaterThanOrEqual(64);
      expect(tile.y).toBeGreaterThanOrEqual(0);
      expect(tile.y + tile.side).toBeLessThanOrEqual(frame.height);
    }
  });

  it('scales a big block of text down at most 2x, tiling the rest, and fills its inside from the model', async () => {
    const store = await storeWith(greyFillStandin(), 'block');
    const lama = createLamaInpainter({ models: store });
    const frame = positionFrame(1920, 1080);
    const block = { x: 300, y: 200, width: 1300, height: 600 };
    const mask = boxMask(frame.width, frame.height, [block]);

    const filled = await lama.inpaint(frame, mask, signal);

    const tiles = planLamaTiles(block, frame.width, frame.height, LAMA_SIDE);
    expect(tiles.map((tile) => tile.scale)).toEqual(tiles.map(() => 2));
    expect(tiles.length).toBeGreaterThan(1);
    // Resampling blends the hole's outermost pixels with its edge (and a later tile sees them as context); inside, the model's answer is exact.
    const inside = boxMask(frame.width, frame.height, [
      { x: block.x + 4, y: block.y + 4, width: block.width - 8, height: block.height - 8 },
    ]);
    expect(maskedNotEqual(filled, inside, [GREY, GREY, GREY])).toBe(0);
    expect(changedOutsideMask(frame, filled, mask)).toBe(0);
  });

  it('returns an unchanged copy for an empty mask without loading the model', async () => {
    const store = await storeWith(undefined, 'empty-mask');
    const lama = createLamaInpainter({ models: store });
    const frame = positionFrame(64, 48);
    const out = await lama.inpaint(frame, boxMask(64, 48, []), signal);
    expect(Buffer.from(out.data).equals(Buffer.from(frame.data))).toBe(true);
  });

  it('runs one tile at a time across calls, and a cancel stops it between tiles', async () => {
    const store = await storeWith(greyFillStandin(), 'serial');
    const { models, stats } = countingModels(store);
    const lama = createLamaInpainter({ models });
    const frame = positionFrame(1920, 1080);
    const band = boxMask(frame.width, frame.height, [{ x: 100, y: 900, width: 1700, height: 60 }]);
    const [first, second] = await Promise.all([lama.inpaint(frame, band, signal), lama.inpaint(frame, band, signal)]);
    expect(stats.maxActive).toBe(1);
    expect(maskedNotEqual(first, band, [GREY, GREY, GREY]) + maskedNotEqual(second, band, [GREY, GREY, GREY])).toBe(0);

    const controller = new AbortController();
    const cancelling = countingModels(store, (runs) => {
      if (runs === 1) controller.abort();
    });
    const cancelled = createLamaInpainter({ models: cancelling.models });
    const stopped = await cancelled.inpaint(frame, band, controller.signal).catch((error: unknown) => error);
    expect(toDubDeskError(stopped).code).toBe('cancelled');
    expect(cancelling.stats.runs).toBe(1);
  });
});

describe('LaMa in the engine set', () => {
  it('OpenCV erases text until LaMa is installed; then LaMa does', async () => {
    const built = await openBuiltEngines('dubdesk-lama-engines-', { catalogue: CATALOGUE });
    try {
      expect(built.engines.requireInpainter()).toMatchObject({ id: 'opencv-telea', quality: 'draft' });
      await built.store.importFrom(
        LAMA_MODEL,
        writeStandin(path.join(dir, 'downloads'), 'engine-set.onnx', lamaStandin()),
      );
      const engine = built.engines.requireInpainter();
      expect(engine).toMatchObject({ id: 'lama', title: 'LaMa inpainting (neural)', quality: 'standard' });
      const frame = positionFrame(200, 100);
      const mask = boxMask(200, 100, [{ x: 80, y: 40, width: 30, height: 10 }]);
      expect(maskedNotEqual(await engine.inpaint(frame, mask, signal), mask, [0, 0, 0])).toBe(0);
      await built.store.remove(LAMA_MODEL);
      expect(built.engines.requireInpainter().id).toBe('opencv-telea');
    } finally {
      await built.close();
    }
  });

  it('a corrupt model file fails with engine_failed naming the file and how to fix it, and a reinstall works again', async () => {
    const store = await storeWith(lamaStandin(), 'corrupt');
    const file = store.requireInstalled(LAMA_MODEL).file(LAMA_MODEL_FILE);
    await fs.writeFile(file, randomBytes(64 * 1024));
    const lama = createLamaInpainter({ models: store });
    const frame = positionFrame(200, 100);
    const mask = boxMask(200, 100, [{ x: 10, y: 10, width: 20, height: 8 }]);

    const failure = await lama.inpaint(frame, mask, signal).catch((error: unknown) => error);

    expect(failure).toMatchObject({ code: 'engine_failed', retryable: false });
    expect((failure as Error).message).toContain(file);
    expect((failure as Error).message).toContain('dubdesk models remove lama');
    await store.importFrom(LAMA_MODEL, writeStandin(path.join(dir, 'downloads'), 'reinstalled.onnx', lamaStandin()));
    expect(maskedNotEqual(await lama.inpaint(frame, mask, signal), mask, [0, 0, 0])).toBe(0);
  });
});
