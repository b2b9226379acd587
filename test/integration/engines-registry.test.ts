// The engine set over a real model store: every capability without an engine answers model_not_installed saying
// what to install and how (or, while no engine of this version runs the catalogue's model, that there is none yet
// and the way around); the lip-sync and face-restore engines run installed stand-ins through ONNX Runtime.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngines, type Engines } from '../../src/main/engines/registry.js';
import { BUILTIN_CATALOGUE, createCatalogue } from '../../src/main/models/catalogue.js';
import { createModelStore, type ModelStore } from '../../src/main/models/model-store.js';
import { createRgbImage, type RgbImage } from '../../src/main/media/image/rgb-image.js';
import { faceRestoreStandin, wav2lipInvertingStandin, writeStandin } from '../fixtures/onnx-standins.js';

let dir: string;
const stores: ModelStore[] = [];

function engineSet(options: { catalogue?: ReturnType<typeof createCatalogue> } = {}): {
  engines: Engines;
  store: ModelStore;
} {
  const store = createModelStore({
    modelsDir: path.join(dir, `models-${stores.length}`),
    catalogue: options.catalogue,
  });
  stores.push(store);
  return { engines: createEngines({}, store), store };
}

function message(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toMatchObject({ code: 'model_not_installed', status: 400 });
    return (error as Error).message;
  }
  throw new Error('expected model_not_installed');
}

/** A picture whose every byte differs from its neighbours', so misplaced pixels show. */
function pattern(size: number, seed: number): RgbImage {
  const image = createRgbImage(size, size);
  for (let i = 0; i < image.data.length; i++) image.data[i] = (i * 7 + seed * 31) % 256;
  return image;
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-engines-'));
});

afterAll(async () => {
  for (const store of stores) await store.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('model_not_installed from the engine set', () => {
  it('speech recognition offers the Whisper base install, command and Models page, and the SRT way around', () => {
    const text = message(() => engineSet().engines.requireSpeechRecognizer());
    expect(text).toBe(
      'Transcribing speech needs a speech-recognition model. Whisper base (multilingual) is not installed. Install it with `dubdesk models install whisper-base`, with POST /v1/models {"id":"whisper-base"}, or from the Models page of the app. Or give the speech as subtitle_url (an SRT file).',
    );
  });

  it('speech recognition says there is none yet while no engine uses the catalogue model', () => {
    const catalogue = createCatalogue(
      [],
      BUILTIN_CATALOGUE.map((entry) => (entry.task === 'asr' ? { ...entry, usedBy: undefined } : entry)),
    );
    const text = message(() => engineSet({ catalogue }).engines.requireSpeechRecognizer());
    expect(text).toBe(
      'Transcribing speech needs a speech-recognition model this DubDesk version can run, and it has none yet (whisper-base in the catalogue waits for its engine): give the speech as subtitle_url (an SRT file).',
    );
  });

  it('language identification names Whisper, which identifies the language it hears, and source_language', () => {
    expect(message(() => engineSet().engines.requireLanguageIdentifier())).toBe(
      'Identifying the spoken language needs a language-identification model. Whisper base (multilingual) is not installed. Install it with `dubdesk models install whisper-base`, with POST /v1/models {"id":"whisper-base"}, or from the Models page of the app. Or give source_language.',
    );
  });

  it('diarization says the catalogue has no model for it yet', () => {
    expect(message(() => engineSet().engines.requireDiarizer())).toBe(
      "Telling speakers apart needs a speaker-diarization model, and this DubDesk version's model catalogue has none yet.",
    );
  });

  it('translation names the pair and its Bergamot model with the install command, and only a model of that pair', () => {
    const { engines } = engineSet();
    expect(message(() => engines.requireTranslator('en', 'de'))).toBe(
      'Translating English to German needs a translation model. Firefox Translations English to German is not installed. Install it with `dubdesk models install bergamot-en-de`, with POST /v1/models {"id":"bergamot-en-de"}, or from the Models page of the app. Or give subtitles already translated (subtitle_usage_type=final_translated) instead.',
    );
    expect(message(() => engines.requireTranslator('en', 'ko'))).toBe(
      "Translating English to Korean needs a translation model, and this DubDesk version's model catalogue has none yet: give subtitles already translated (subtitle_usage_type=final_translated) instead.",
    );
  });

  it('text recognition names the languages asked for and offers the RapidOCR install', () => {
    expect(message(() => engineSet().engines.requireTextRecognizer(['en', 'zh']))).toMatch(
      /^Reading on-screen text in English, Chinese\S* needs a text-recognition model\. RapidOCR PP-OCRv4 mobile, Chinese and English \(ONNX\) is not installed\. Install it with `dubdesk models install rapidocr-ppocrv4-ch`/,
    );
  });

  it('inpainting without any engine offers the LaMa install', () => {
    expect(message(() => engineSet().engines.requireInpainter())).toBe(
      'Erasing on-screen text needs an inpainting model. LaMa inpainting 512 (ONNX) is not installed. Install it with `dubdesk models install lama`, with POST /v1/models {"id":"lama"}, or from the Models page of the app.',
    );
  });

  it('source separation offers the UVR MDX-Net install, command and Models page', () => {
    expect(message(() => engineSet().engines.requireSeparator())).toBe(
      'Separating speech from music and ambience needs a source-separation model. UVR MDX-Net Inst HQ 3 (ONNX) is not installed. Install it with `dubdesk models install uvr-mdx-net-inst-hq-3`, with POST /v1/models {"id":"uvr-mdx-net-inst-hq-3"}, or from the Models page of the app.',
    );
  });

  it('the lip-sync model names wav2lip-gan-96 with the install command and the Models page', async () => {
    await expect(engineSet().engines.requireLipsyncModel()).rejects.toMatchObject({
      code: 'model_not_installed',
      message:
        'Lip-syncing with precision_v1 needs a lip-sync model. Wav2Lip GAN 96 (ONNX) is not installed. Install it with `dubdesk models install wav2lip-gan-96`, with POST /v1/models {"id":"wav2lip-gan-96"}, or from the Models page of the app. Or use model standard_v1, which needs none.',
    });
  });

  it('face restoration is optional: no plan names it without its model; one planned and removed since names it', async () => {
    const { engines } = engineSet();
    expect(engines.faceRestorerTitle()).toBeUndefined();
    const planned = { id: 'gfpgan', title: 'GFPGAN v1.4 face restoration (ONNX)', quality: 'standard' as const };
    await expect(
      engines.plannedFaceRestorer({ ...planned, models: ['gfpgan-1.4'] }, 'Restoring the face'),
    ).rejects.toMatchObject({
      code: 'model_not_installed',
      message: expect.stringMatching(
        /^Restoring the face was planned with GFPGAN v1\.4 face restoration \(ONNX\), which needs the model GFPGAN v1\.4 face restoration \(ONNX\)\. .*dubdesk models install gfpgan-1\.4/,
      ),
    });
  });
});

describe('model-backed engines from the engine set', () => {
  it('the Wav2Lip generator redraws the lower half of each face, in the file fixed batch, padded for the rest', async () => {
    const { engines, store } = engineSet();
    await store.importFrom(
      'wav2lip-gan-96',
      writeStandin(dir, 'wav2lip-fixed4.onnx', wav2lipInvertingStandin({ batch: 4 })),
    );
    const generator = await engines.requireLipsyncModel();
    expect(generator).toMatchObject({
      modelId: 'wav2lip-gan-96',
      title: 'Wav2Lip GAN 96 (ONNX)',
      cropSize: 96,
      batch: { size: 4, fixed: true },
    });
    const faces = Array.from({ length: 6 }, (_, i) => pattern(96, i));
    const { faces: drawn, modelMs } = await generator.run(
      faces.map((face) => ({ face, mel: new Float32Array(80 * 16) })),
      new AbortController().signal,
    );
    expect(drawn).toHaveLength(6);
    expect(modelMs).toBeGreaterThan(0);
    for (const [i, face] of faces.entries()) {
      const half = 48 * 96 * 3;
      // The stand-in keeps the upper half and inverts the lower one (0..1 floats, back to bytes).
      expect(
        Buffer.from(drawn[i]!.data.subarray(0, half)).equals(Buffer.from(face.data.subarray(0, half))),
        `face ${i} upper half`,
      ).toBe(true);
      expect(
        drawn[i]!.data.subarray(half).every((value, p) => Math.abs(value - (255 - face.data[half + p]!)) <= 1),
        `face ${i} lower half`,
      ).toBe(true);
    }
  });

  it('the face restorer runs a dynamic batch and returns each face restored', async () => {
    const { engines, store } = engineSet();
    await store.importFrom('gfpgan-1.4', writeStandin(dir, 'gfpgan-dynamic.onnx', faceRestoreStandin({ batch: 'N' })));
    expect(engines.faceRestorerTitle()).toBe('GFPGAN v1.4 face restoration (ONNX)');
    const planned = { id: 'gfpgan', title: 'GFPGAN v1.4 face restoration (ONNX)', quality: 'standard' as const };
    const restorer = await engines.plannedFaceRestorer({ ...planned, models: ['gfpgan-1.4'] }, 'Restoring the face');
    expect(restorer).toMatchObject({
      modelId: 'gfpgan-1.4',
      title: 'GFPGAN v1.4 face restoration (ONNX)',
      size: { width: 512, height: 512 },
      batch: { size: 8, fixed: false },
    });
    const faces = [pattern(512, 1), pattern(512, 2)];
    const restored = await restorer.restore(faces, new AbortController().signal);
    // The stand-in inverts the picture.
    for (const [i, face] of faces.entries())
      expect(
        restored.faces[i]!.data.every((value, p) => Math.abs(value - (255 - face.data[p]!)) <= 1),
        `face ${i}`,
      ).toBe(true);
  });
});
