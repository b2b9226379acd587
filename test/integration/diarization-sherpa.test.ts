// sherpa-onnx speaker diarization with stand-in models built by code, installed through the real model store and
// run in the real supervised child: two tones are two "speakers".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSherpaDiarizer } from '../../src/main/engines/diarization/sherpa-diarization.js';
import { SherpaHost } from '../../src/main/engines/sherpa/host.js';
import { createModelStore, type ModelStore } from '../../src/main/models/model-store.js';
import {
  PYANNOTE_SEGMENTATION_FILE,
  PYANNOTE_SEGMENTATION_MODEL,
  SPEAKER_EMBEDDING_FILE,
  SPEAKER_EMBEDDING_MODEL,
} from '../../src/main/models/entries/speakers.js';
import { STANDIN_SAMPLE_RATE, toneTrack, writeDiarizationStandins } from '../fixtures/sherpa-standins-voices.js';

const NAMES = { segmentation: PYANNOTE_SEGMENTATION_FILE, embedding: SPEAKER_EMBEDDING_FILE };
// A low and a high tone take turns, 1.5 s of silence between turns (longer than the stand-in's 1 s window).
const TURNS = [
  [220, 0, 2],
  [1800, 3.5, 5.5],
  [220, 7, 9],
  [1800, 10.5, 12.5],
] as const;

async function installPair(store: ModelStore, dir: string, broken = false): Promise<void> {
  writeDiarizationStandins(dir, NAMES, { broken });
  await store.importFrom(PYANNOTE_SEGMENTATION_MODEL, path.join(dir, NAMES.segmentation));
  await store.importFrom(SPEAKER_EMBEDDING_MODEL, path.join(dir, NAMES.embedding));
}

describe('sherpa-onnx speaker diarization', () => {
  let root: string;
  let host: SherpaHost;
  let store: ModelStore;
  const signal = new AbortController().signal;
  const samples = toneTrack(TURNS, 13.5);

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-diarize-'));
    host = new SherpaHost();
    store = createModelStore({ modelsDir: path.join(root, 'models') });
  });

  afterAll(async () => {
    await host.dispose();
    await store.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('is available only once both models are installed, and labels each turn with its speaker', async () => {
    const diarizer = createSherpaDiarizer(host, store);
    expect(diarizer.quality).toBe('standard');
    expect(diarizer.title).toBe(
      'pyannote segmentation 3.0 + 3D-Speaker ERes2Net base speaker embeddings (sherpa-onnx)',
    );
    expect(diarizer.isAvailable!()).toBe(false);
    await installPair(store, path.join(root, 'standins'));
    expect(diarizer.isAvailable!()).toBe(true);

    const segments = await diarizer.diarize(samples, STANDIN_SAMPLE_RATE, { speakers: { min: 1, max: 4 }, signal });
    expect(segments.map((segment) => segment.speaker)).toEqual(['speaker_0', 'speaker_1', 'speaker_0', 'speaker_1']);
    segments.forEach((segment, i) => {
      expect(Math.abs(segment.startMs - TURNS[i][1] * 1000), `turn ${i + 1} start`).toBeLessThan(100);
      expect(Math.abs(segment.endMs - TURNS[i][2] * 1000), `turn ${i + 1} end`).toBeLessThan(100);
    });
  });

  it('keeps to an exact number of speakers, at any sample rate', async () => {
    const diarizer = createSherpaDiarizer(host, store);
    const one = await diarizer.diarize(samples, STANDIN_SAMPLE_RATE, { speakers: { min: 1, max: 1 }, signal });
    expect(one.map((segment) => segment.speaker)).toEqual(['speaker_0', 'speaker_0', 'speaker_0', 'speaker_0']);
    const at48k = toneTrack(TURNS, 13.5, 48_000);
    const two = await diarizer.diarize(at48k, 48_000, { speakers: { min: 2, max: 2 }, signal });
    expect(two.map((segment) => segment.speaker)).toEqual(['speaker_0', 'speaker_1', 'speaker_0', 'speaker_1']);
  });

  it('fails a call with engine_failed naming the model when a model ends the engine process, and the next call works', async () => {
    const brokenStore = createModelStore({ modelsDir: path.join(root, 'broken-models') });
    try {
      await installPair(brokenStore, path.join(root, 'broken'), true);
      const broken = createSherpaDiarizer(host, brokenStore);
      await expect(broken.diarize(samples, STANDIN_SAMPLE_RATE, { signal })).rejects.toMatchObject({
        code: 'engine_failed',
        message: expect.stringMatching(
          /pyannote segmentation 3\.0 \(model pyannote-segmentation-3-0\) stopped the speech engine process[\s\S]*num_classes[\s\S]*install it again/,
        ),
      });
      // This process and the host live on: the good pair answers in a fresh child.
      const segments = await createSherpaDiarizer(host, store).diarize(samples, STANDIN_SAMPLE_RATE, { signal });
      expect(segments.map((segment) => segment.speaker)).toEqual(['speaker_0', 'speaker_1', 'speaker_0', 'speaker_1']);
    } finally {
      await brokenStore.close();
    }
  });
});
