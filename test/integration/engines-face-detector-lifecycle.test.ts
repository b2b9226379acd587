// The face detector belongs to a core's engine set: loaded on first use, freed by core.close(). Human keeps its
// models in module state, so cores in one process share one detector; these pin that a core closing never breaks
// another, and that a core started after others closed detects faces again.
import fs from 'node:fs/promises';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/main/config.js';
import { createCore, type Core } from '../../src/main/core.js';
import type { FaceDetector, RgbFrame } from '../../src/main/engines/face/types.js';
import { facePhotoInfo, readImageFrame, type FacePhoto } from '../fixtures/faces.js';
import { makeDataDir, TEST_API_KEY } from '../fixtures/service.js';

let photo: FacePhoto;
let frame: RgbFrame;
const open: { core: Core; dataDir: string }[] = [];

async function startCore(): Promise<Core> {
  const dataDir = await makeDataDir();
  const core = await createCore(
    resolveConfig({ dataDir, host: '127.0.0.1', port: 0, apiKey: TEST_API_KEY, concurrency: 1 }, {}),
  );
  open.push({ core, dataDir });
  return core;
}

async function closeCore(core: Core): Promise<void> {
  const index = open.findIndex((entry) => entry.core === core);
  const [{ dataDir }] = open.splice(index, 1);
  await core.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}

/** The largest face's box, which must hold the photo's subject. */
async function subjectFound(detector: FaceDetector): Promise<void> {
  const faces = await detector.detect(frame);
  expect(faces.length).toBeGreaterThanOrEqual(1);
  const { box } = faces[0]!;
  expect(photo.subject.x).toBeGreaterThan(box.x);
  expect(photo.subject.x).toBeLessThan(box.x + box.width);
  expect(photo.subject.y).toBeGreaterThan(box.y);
  expect(photo.subject.y).toBeLessThan(box.y + box.height);
}

beforeAll(async () => {
  photo = await facePhotoInfo();
  frame = await readImageFrame(photo.path);
});

afterEach(async () => {
  for (const { core } of [...open]) await closeCore(core);
});

describe('the face detector of a core', () => {
  it('is freed by core.close(), and a core started afterwards detects faces again', async () => {
    const first = await startCore();
    const detector = await first.engines.faceDetector();
    await subjectFound(detector);
    await closeCore(first);
    await expect(detector.detect(frame)).rejects.toThrow(/disposed/);

    const second = await startCore();
    const fresh = await second.engines.faceDetector();
    expect(fresh).not.toBe(detector);
    await subjectFound(fresh);
  }, 120_000);

  it('keeps working for a core that holds it (a job mid-way) while another core in the same process closes', async () => {
    const first = await startCore();
    const second = await startCore();
    await subjectFound(await first.engines.faceDetector());
    const held = await second.engines.faceDetector();
    await closeCore(first);
    await subjectFound(held);
    await closeCore(second);
    await expect(held.detect(frame)).rejects.toThrow(/disposed/);
    // The last core out freed it; the next one loads it again.
    const third = await startCore();
    await subjectFound(await third.engines.faceDetector());
  }, 120_000);
});
