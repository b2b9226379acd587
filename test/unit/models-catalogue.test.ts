import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  BUILTIN_CATALOGUE,
  createCatalogue,
  type CatalogueEntry,
  type CommercialUse as CatalogueCommercialUse,
  type ModelTask as CatalogueModelTask,
} from '../../src/main/models/catalogue.js';
import { SPEAKER_MODELS } from '../../src/main/models/entries/speakers.js';
import { VIDEO_MODELS } from '../../src/main/models/entries/video.js';
import { VOICE_MODELS } from '../../src/main/models/entries/voices.js';
import { COMMERCIAL_USES, MODEL_TASKS, type CommercialUse, type ModelTask } from '../../src/shared/schemas/models.js';
import { DubDeskError } from '../../src/shared/errors.js';

const extra: CatalogueEntry = {
  id: 'standin-lama',
  task: 'inpaint',
  title: 'Stand-in LaMa',
  description: 'test',
  license: 'MIT',
  sizeBytes: 1000,
  files: [{ name: 'lama.onnx', url: 'http://127.0.0.1:1/lama.onnx' }],
};

describe('model catalogue', () => {
  it('seeds Whisper, Marian, Piper, Wav2Lip, GFPGAN and LaMa with a signature for every ONNX file', () => {
    const tasks = Object.fromEntries(
      BUILTIN_CATALOGUE.filter((e) => !e.id.startsWith('bergamot-')).map((e) => [e.id, e.task]),
    );
    expect(
      BUILTIN_CATALOGUE.filter((e) => e.id.startsWith('bergamot-')).every(
        (e) =>
          e.task === 'mt' &&
          e.usedBy &&
          e.files.every((f) => f.compression === 'gz' && /^[0-9a-f]{64}$/.test(f.sha256 ?? '')),
      ),
    ).toBe(true);
    expect(tasks).toEqual({
      'whisper-base': 'asr',
      'whisper-tiny': 'asr',
      'whisper-small': 'asr',
      'whisper-turbo': 'asr',
      ...Object.fromEntries([...VOICE_MODELS, ...SPEAKER_MODELS].map((e) => [e.id, e.task])),
      'wav2lip-gan-96': 'lipsync',
      'musetalk-1.5': 'lipsync',
      'latentsync-1.5': 'lipsync',
      'gfpgan-1.4': 'face_restore',
      lama: 'inpaint',
      'uvr-mdx-net-inst-hq-3': 'separation',
      'rapidocr-ppocrv4-ch': 'ocr',
    });
    for (const entry of BUILTIN_CATALOGUE) {
      for (const file of entry.files.filter((f) => f.name.endsWith('.onnx')))
        expect(file.signature, `${entry.id}/${file.name}`).toBeDefined();
    }
    expect(BUILTIN_CATALOGUE.find((e) => e.id === 'wav2lip-gan-96')!.bindByShape).toBe(true);
  });

  it('accepts extra entries next to the built-in ones', () => {
    const catalogue = createCatalogue([extra]);
    expect(catalogue.require('standin-lama').title).toBe('Stand-in LaMa');
    expect(catalogue.find('lama')?.task).toBe('inpaint');
  });

  it('answers not_found with the known ids for an unknown id', () => {
    const catalogue = createCatalogue([], []);
    expect(() => catalogue.require('nope')).toThrow(DubDeskError);
    expect(() => createCatalogue([extra], []).require('nope')).toThrow(
      "No model 'nope' in the catalogue. Known models: standin-lama.",
    );
  });

  it('refuses duplicate ids, file names that could escape the folder and malformed hashes', () => {
    expect(() => createCatalogue([extra, extra], [])).toThrow('listed twice');
    expect(() =>
      createCatalogue([{ ...extra, files: [{ name: '../x.onnx', url: 'http://127.0.0.1:1/x' }] }], []),
    ).toThrow('unsafe file name');
    expect(() => createCatalogue([{ ...extra, id: 'Bad/Id' }], [])).toThrow('must be lowercase');
    expect(() => createCatalogue([{ ...extra, files: [{ name: 'a.onnx', url: 'u', sha256: 'abc' }] }], [])).toThrow(
      'malformed sha256',
    );
  });

  it('takes a file without url only from an archive, and holds kept folder names to the file-name rules', () => {
    const archive = { url: 'http://127.0.0.1:1/voice.tar.bz2', format: 'tar.bz2' as const };
    expect(() => createCatalogue([{ ...extra, files: [{ name: 'lama.onnx' }] }], [])).toThrow(
      "gives no url for 'lama.onnx' and has no archive",
    );
    expect(
      createCatalogue(
        [{ ...extra, archive: { ...archive, directories: ['espeak-ng-data'] }, files: [{ name: 'lama.onnx' }] }],
        [],
      ).find('standin-lama'),
    ).toBeDefined();
    expect(() =>
      createCatalogue(
        [{ ...extra, archive: { ...archive, directories: ['../etc'] }, files: [{ name: 'lama.onnx' }] }],
        [],
      ),
    ).toThrow("unsafe folder name '../etc'");
    expect(() =>
      createCatalogue(
        [{ ...extra, archive: { ...archive, directories: ['a/b'] }, files: [{ name: 'lama.onnx' }] }],
        [],
      ),
    ).toThrow("unsafe folder name 'a/b'");
    expect(() =>
      createCatalogue(
        [{ ...extra, archive: { ...archive, directories: ['lama.onnx'] }, files: [{ name: 'lama.onnx' }] }],
        [],
      ),
    ).toThrow('as a folder and a file');
    expect(() =>
      createCatalogue([{ ...extra, archive: { ...archive, sha256: 'abc' }, files: [{ name: 'lama.onnx' }] }], []),
    ).toThrow('malformed sha256 for its archive');
  });
});

describe('commercial use', () => {
  const lipsync = BUILTIN_CATALOGUE.filter((entry) => entry.task === 'lipsync');
  const byId = (id: string) => BUILTIN_CATALOGUE.find((entry) => entry.id === id)!;

  it('is stated for every lip-sync entry and every video entry, and explained wherever it is not plainly allowed', () => {
    const uses: readonly string[] = COMMERCIAL_USES;
    for (const entry of [...lipsync, ...VIDEO_MODELS]) {
      expect(uses, entry.id).toContain(entry.commercialUse);
      if (entry.commercialUse !== 'allowed') expect(entry.commercialNote, entry.id).toMatch(/\w{10}/);
    }
    expect(Object.fromEntries(VIDEO_MODELS.map((entry) => [entry.id, entry.commercialUse]))).toEqual({
      'wav2lip-gan-96': 'not_allowed',
      'gfpgan-1.4': 'allowed',
      lama: 'allowed',
      'musetalk-1.5': 'unclear',
      'latentsync-1.5': 'not_allowed',
    });
    expectTypeOf<CatalogueCommercialUse>().toEqualTypeOf<CommercialUse>();
  });

  it("lists MuseTalk and LatentSync with the projects' own weight files, waiting for an engine that runs them", () => {
    for (const id of ['musetalk-1.5', 'latentsync-1.5']) {
      const entry = byId(id);
      // No usedBy: the catalogue lists it as "not used yet" and refuses to install it.
      expect(entry.usedBy, id).toBeUndefined();
      for (const file of entry.files) {
        expect(file.url, `${id}/${file.name}`).toMatch(
          /^https:\/\/huggingface\.co\/(TMElyralab\/MuseTalk|ByteDance\/LatentSync-1\.5)\/resolve\/main\//,
        );
        // PyTorch weights carry no ONNX signature, and no hash that the publishers did not give.
        expect(file.signature, `${id}/${file.name}`).toBeUndefined();
        expect(file.sha256, `${id}/${file.name}`).toBeUndefined();
      }
    }
    expect(byId('musetalk-1.5').files.map((file) => file.url)).toEqual([
      'https://huggingface.co/TMElyralab/MuseTalk/resolve/main/musetalkV15/musetalk.json',
      'https://huggingface.co/TMElyralab/MuseTalk/resolve/main/musetalkV15/unet.pth',
    ]);
    expect(byId('latentsync-1.5').files.map((file) => file.url)).toEqual([
      'https://huggingface.co/ByteDance/LatentSync-1.5/resolve/main/latentsync_unet.pt',
      'https://huggingface.co/ByteDance/LatentSync-1.5/resolve/main/whisper/tiny.pt',
    ]);
  });

  it('names the code and weight licenses and the third-party models each one loads', () => {
    expect(byId('musetalk-1.5').license).toMatch(
      /^Code MIT; weights .*OpenRAIL-M.*sd-vae-ft-mse \(MIT\).*Whisper tiny.*DWPose \(Apache-2\.0\).*CelebAMask-HQ: non-commercial/,
    );
    expect(byId('latentsync-1.5').license).toMatch(
      /^Code Apache-2\.0; weights CreativeML Open RAIL\+\+-M.*sd-vae-ft-mse \(MIT\).*InsightFace.*non-commercial/,
    );
    expect(byId('latentsync-1.5').commercialNote).toContain('InsightFace');
    expect(byId('wav2lip-gan-96').license).toContain('non-commercial');
  });
});

describe('one ModelTask type', () => {
  it("is the shared schema's: every catalogue entry has a task the API and the renderer know", () => {
    const catalogue = createCatalogue();
    const tasks: readonly string[] = MODEL_TASKS;
    for (const entry of catalogue.entries()) expect(tasks, entry.id).toContain(entry.task);
    expectTypeOf<CatalogueModelTask>().toEqualTypeOf<ModelTask>();
  });
});
