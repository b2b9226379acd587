// Models published as archives (sherpa-onnx .tar.bz2, .tar.gz, .zip) or as one gzip file (Firefox Translations):
// installed over loopback HTTP, resumed, refused when unsafe or wrong, and imported from a local archive or folder.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { modelRoutes } from '../../src/main/api/routes/models.js';
import { createCatalogue, type CatalogueEntry, type ModelArchive } from '../../src/main/models/catalogue.js';
import { createModelStore, type InstallEvent, type ModelStore } from '../../src/main/models/model-store.js';
import { gzipOfZeros, zipWithZeros } from '../fixtures/archive-bombs.js';
import {
  packFolder,
  tarMembers,
  tempDir,
  writeFolder,
  zipMembers,
  type ArchiveMemberSpec,
} from '../fixtures/model-archives.js';
import {
  encodeStandin,
  startStandinServer,
  tinySigmoidStandin,
  type StandinServer,
} from '../fixtures/onnx-standins.js';
import { routeTestApp } from '../fixtures/route-app.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const onnxBytes = encodeStandin(tinySigmoidStandin());
// Random bytes do not compress: the archive stays big enough to cut in the middle.
const phontab = randomBytes(96 * 1024);
const TOP = 'sherpa-onnx-standin-voice';
const voiceFiles: Record<string, Uint8Array | string> = {
  'voice.onnx': onnxBytes,
  'tokens.txt': '_ 0\na 1\nb 2\n',
  'README.md': 'not kept',
  'espeak-ng-data/phontab': phontab,
  'espeak-ng-data/voices/en': 'name english\n',
};
const keptBytes =
  onnxBytes.length + Buffer.byteLength('_ 0\na 1\nb 2\n') + phontab.length + Buffer.byteLength('name english\n');

function voiceEntry(id: string, archive: ModelArchive): CatalogueEntry {
  return {
    id,
    task: 'tts',
    title: `Stand-in voice ${id}`,
    description: 'A voice published as an archive.',
    license: 'MIT',
    sizeBytes: 200_000,
    usedBy: 'the tests',
    archive: { directories: ['espeak-ng-data'], ...archive },
    files: [
      {
        name: 'voice.onnx',
        signature: {
          inputs: [{ name: 'x', type: 'float32', dims: [1, 3] }],
          outputs: [{ name: 'y', type: 'float32', dims: [1, 3] }],
        },
      },
      { name: 'tokens.txt' },
    ],
  };
}

/** Every path under dir, relative, sorted (folders end with '/'). */
function tree(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)) + (d.isDirectory() ? '/' : ''))
    .sort();
}

const INSTALLED_TREE = [
  'espeak-ng-data/',
  'espeak-ng-data/phontab',
  'espeak-ng-data/voices/',
  'espeak-ng-data/voices/en',
  'manifest.json',
  'tokens.txt',
  'voice.onnx',
];

describe('models published as archives', () => {
  let dir: string;
  let server: StandinServer;
  let store: ModelStore;
  let archives: Record<'tar.bz2' | 'tar.gz' | 'zip', Buffer>;

  const modelDir = (id: string) => path.join(dir, 'models', id);
  const useCatalogue = async (entries: CatalogueEntry[]) => {
    await store?.close();
    store = createModelStore({
      modelsDir: path.join(dir, 'models'),
      catalogue: createCatalogue(entries, []),
      progressIntervalMs: 0,
    });
  };

  beforeEach(async () => {
    dir = tempDir('dubdesk-model-archives-');
    server = await startStandinServer();
    const folder = writeFolder(path.join(dir, 'publisher'), TOP, voiceFiles);
    archives = {
      'tar.bz2': await packFolder(folder, 'tar.bz2'),
      'tar.gz': await packFolder(folder, 'tar.gz'),
      zip: await packFolder(folder, 'zip'),
    };
    for (const [format, bytes] of Object.entries(archives)) server.serve(`voice.${format}`, bytes);
  });

  afterEach(async () => {
    await store?.close();
    store = undefined as unknown as ModelStore;
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(['tar.bz2', 'tar.gz', 'zip'] as const)(
    'installs a %s archive: exactly the listed files and the kept folder, shown installed with its size',
    async (format) => {
      const id = `voice-${format.replace('.', '-')}`;
      await useCatalogue([
        voiceEntry(id, { url: server.url(`voice.${format}`), format, sha256: sha256(archives[format]) }),
      ]);
      const events: InstallEvent[] = [];

      await store.install(id, { onProgress: (e) => events.push(e) });

      expect(tree(modelDir(id))).toEqual(INSTALLED_TREE);
      expect(fs.readFileSync(path.join(modelDir(id), 'espeak-ng-data', 'phontab'))).toEqual(phontab);
      expect(fs.readFileSync(path.join(modelDir(id), 'voice.onnx'))).toEqual(Buffer.from(onnxBytes));
      const archiveName = `voice.${format}`;
      expect(events.filter((e) => e.state === 'downloading').at(-1)).toMatchObject({
        file: archiveName,
        receivedBytes: archives[format].length,
        totalBytes: archives[format].length,
      });
      expect(events.filter((e) => e.state === 'extracting').at(-1)).toMatchObject({
        file: archiveName,
        receivedBytes: archives[format].length,
        totalBytes: archives[format].length,
      });
      // The archive is gone once extracted; nothing is left in the download folder.
      expect(fs.existsSync(path.join(dir, 'models', '.partial', id))).toBe(false);
      const manifest = JSON.parse(fs.readFileSync(path.join(modelDir(id), 'manifest.json'), 'utf8'));
      expect(manifest.files.map((f: { name: string; sha256: string }) => [f.name, f.sha256])).toEqual([
        ['voice.onnx', sha256(onnxBytes)],
        ['tokens.txt', sha256(Buffer.from('_ 0\na 1\nb 2\n'))],
      ]);
      expect(manifest.directories).toEqual([
        { name: 'espeak-ng-data', sizeBytes: phontab.length + 13, fileCount: 2, from: server.url(archiveName) },
      ]);

      const app = routeTestApp();
      await app.register(modelRoutes, { models: store });
      const response = await app.inject({ method: 'GET', url: '/v1/models' });
      const record = response.json().models.find((m: { id: string }) => m.id === id);
      expect(record).toMatchObject({ installed: true, source: 'download', size_on_disk: keptBytes });
      await app.close();

      await store.remove(id);
      expect(fs.existsSync(modelDir(id))).toBe(false);
    },
  );

  it('resumes an archive download cut halfway with a Range request', async () => {
    const id = 'voice-resume';
    await useCatalogue([voiceEntry(id, { url: server.url('voice.tar.bz2'), format: 'tar.bz2' })]);
    const half = Math.floor(archives['tar.bz2'].length / 2);
    server.serve('voice.tar.bz2', archives['tar.bz2'], { cutOnceAfter: half });

    await expect(store.install(id)).rejects.toMatchObject({
      code: 'download_failed',
      message: expect.stringContaining('Install again to resume.'),
    });
    const partial = fs.statSync(path.join(dir, 'models', '.partial', id, 'voice.tar.bz2.part')).size;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(archives['tar.bz2'].length);

    server.requests.length = 0;
    await expect(store.install(id)).resolves.toMatchObject({ installed: true, sizeOnDisk: keptBytes });

    expect(server.requests).toEqual([{ path: '/voice.tar.bz2', range: `bytes=${partial}-` }]);
    expect(tree(modelDir(id))).toEqual(INSTALLED_TREE);
  });

  it('remove during extraction cancels the install and leaves nothing behind', async () => {
    const id = 'voice-cancelled';
    await useCatalogue([voiceEntry(id, { url: server.url('voice.tar.gz'), format: 'tar.gz' })]);
    let removing: Promise<void> | undefined;
    store.subscribe((e) => {
      if (e.state === 'extracting' && !removing) removing = store.remove(id);
    });

    await expect(store.install(id)).rejects.toMatchObject({ code: 'cancelled' });
    await removing;

    expect(fs.existsSync(modelDir(id))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'models', '.partial', id))).toBe(false);
    expect(store.get(id)).toMatchObject({ installed: false });
  });

  const hostile: [string, 'tar.gz' | 'tar.bz2', ArchiveMemberSpec[], string][] = [
    [
      'a member climbing out with ..',
      'tar.gz',
      [
        { path: `${TOP}/voice.onnx`, bytes: onnxBytes },
        { path: `${TOP}/../../evil`, bytes: 'evil' },
      ],
      `'${TOP}/../../evil': its path climbs out with '..'`,
    ],
    [
      'an absolute path',
      'tar.bz2',
      [
        { path: `${TOP}/voice.onnx`, bytes: onnxBytes },
        { path: '/tmp/dubdesk-absolute-evil', bytes: 'evil' },
      ],
      "'/tmp/dubdesk-absolute-evil': its path is absolute",
    ],
    [
      'a link to /etc',
      'tar.gz',
      [
        { path: `${TOP}/espeak-ng-data`, symlinkTo: '/etc' },
        { path: `${TOP}/espeak-ng-data/evil`, bytes: 'evil' },
      ],
      `'${TOP}/espeak-ng-data': it links to /etc, outside the archive`,
    ],
  ];

  it.each(hostile)(
    'refuses an archive with %s, naming the member and writing nothing outside',
    async (_name, format, members, problem) => {
      const id = 'voice-hostile';
      const bytes = tarMembers(members, format);
      server.serve('hostile', bytes);
      await useCatalogue([voiceEntry(id, { url: server.url('hostile'), format })]);

      const failure = await store.install(id).catch((e: unknown) => e);

      expect(failure).toMatchObject({
        code: 'download_failed',
        message: `The archive ${server.url('hostile')} for Stand-in voice ${id} holds an unsafe member ${problem}. Nothing was installed.`,
      });
      expect(store.get(id)).toMatchObject({ installed: false, install: { state: 'failed', code: 'download_failed' } });
      expect(fs.existsSync(modelDir(id))).toBe(false);
      expect(fs.existsSync('/tmp/dubdesk-absolute-evil')).toBe(false);
      expect(fs.existsSync('/etc/evil')).toBe(false);
      // Nothing extracted anywhere under the data folder: the refused archive itself is dropped too.
      expect(tree(path.join(dir, 'models'))).toEqual(['.partial/', `.partial/${id}/`]);
    },
  );

  it('refuses a zip whose member climbs out with ..', async () => {
    const id = 'voice-hostile-zip';
    // yazl will not write '../evil': write 'xxxevil' and rename it in the bytes.
    server.serve(
      'hostile.zip',
      await zipMembers(
        [
          { path: `${TOP}/voice.onnx`, bytes: onnxBytes },
          { path: 'xx/evil', bytes: 'evil' },
        ],
        { 'xx/evil': '../evil' },
      ),
    );
    await useCatalogue([voiceEntry(id, { url: server.url('hostile.zip'), format: 'zip' })]);

    await expect(store.install(id)).rejects.toMatchObject({
      code: 'download_failed',
      message: expect.stringContaining("holds an unsafe member '../evil': its path climbs out with '..'"),
    });
    expect(fs.existsSync(path.join(dir, 'models', 'evil'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'models', '.partial', 'evil'))).toBe(false);
  });

  it('fails naming a listed file the archive lacks, and leaves nothing installed', async () => {
    const id = 'voice-lacking';
    server.serve(
      'lacking.tar.gz',
      tarMembers(
        [
          { path: `${TOP}/voice.onnx`, bytes: onnxBytes },
          { path: `${TOP}/espeak-ng-data/phontab`, bytes: 'p' },
        ],
        'tar.gz',
      ),
    );
    await useCatalogue([voiceEntry(id, { url: server.url('lacking.tar.gz'), format: 'tar.gz' })]);

    await expect(store.install(id)).rejects.toMatchObject({
      code: 'download_failed',
      message: `The archive ${server.url('lacking.tar.gz')} for Stand-in voice ${id} lacks tokens.txt. Nothing was installed.`,
    });
    expect(store.isInstalled(id)).toBe(false);
    expect(fs.existsSync(modelDir(id))).toBe(false);
    expect(fs.readdirSync(path.join(dir, 'models', '.partial', id))).toEqual([]);
  });

  it('fails with download_failed when the archive does not match its sha256', async () => {
    const id = 'voice-wrong-hash';
    const expected = sha256(Buffer.from('another archive'));
    await useCatalogue([voiceEntry(id, { url: server.url('voice.tar.bz2'), format: 'tar.bz2', sha256: expected })]);

    await expect(store.install(id)).rejects.toMatchObject({
      code: 'download_failed',
      message: `The checksum of the archive voice.tar.bz2 for Stand-in voice ${id} (from ${server.url('voice.tar.bz2')}) does not match: expected sha256 ${expected}, got ${sha256(archives['tar.bz2'])}. Nothing was installed.`,
    });
    expect(fs.existsSync(modelDir(id))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'models', '.partial', id, 'voice.tar.bz2'))).toBe(false);
  });

  it('refuses a damaged archive and drops it, so the next install fetches it anew', async () => {
    const id = 'voice-damaged';
    const bytes = archives['tar.bz2'];
    server.serve('damaged.tar.bz2', bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await useCatalogue([voiceEntry(id, { url: server.url('damaged.tar.bz2'), format: 'tar.bz2' })]);

    await expect(store.install(id)).rejects.toMatchObject({
      code: 'download_failed',
      message: `The archive ${server.url('damaged.tar.bz2')} for Stand-in voice ${id} is damaged or incomplete (bzip2 decoding failed). Nothing was installed.`,
    });
    expect(fs.readdirSync(path.join(dir, 'models', '.partial', id))).toEqual([]);

    server.serve('damaged.tar.bz2', bytes);
    server.requests.length = 0;
    await expect(store.install(id)).resolves.toMatchObject({ installed: true });
    expect(server.requests).toEqual([{ path: '/damaged.tar.bz2' }]);
  });

  it('checks the ONNX file extracted from an archive like a downloaded one', async () => {
    const id = 'voice-not-onnx';
    server.serve(
      'not-onnx.tar.gz',
      tarMembers(
        [
          { path: `${TOP}/voice.onnx`, bytes: '<html>Sign in</html>' },
          { path: `${TOP}/tokens.txt`, bytes: 'a 1' },
          { path: `${TOP}/espeak-ng-data/x`, bytes: 'x' },
        ],
        'tar.gz',
      ),
    );
    await useCatalogue([voiceEntry(id, { url: server.url('not-onnx.tar.gz'), format: 'tar.gz' })]);

    await expect(store.install(id)).rejects.toMatchObject({
      code: 'engine_failed',
      message: expect.stringContaining(
        `The file at ${server.url('not-onnx.tar.gz')} (voice.onnx) does not look like Stand-in voice ${id}: ONNX Runtime cannot load it`,
      ),
    });
    expect(fs.existsSync(modelDir(id))).toBe(false);
  });

  it('stores a single .gz download decompressed', async () => {
    const model = randomBytes(50_000);
    const gz = zlib.gzipSync(model);
    server.serve('model.enes.intgemm.alphas.bin.gz', gz);
    const entry: CatalogueEntry = {
      id: 'translation-gz',
      task: 'mt',
      title: 'Stand-in translation',
      description: 'A model published gzip-compressed.',
      license: 'MPL-2.0',
      sizeBytes: gz.length,
      usedBy: 'the tests',
      files: [
        {
          name: 'model.enes.intgemm.alphas.bin',
          url: server.url('model.enes.intgemm.alphas.bin.gz'),
          compression: 'gz',
          sha256: sha256(gz),
        },
      ],
    };
    await useCatalogue([entry]);
    const events: InstallEvent[] = [];

    await expect(store.install('translation-gz', { onProgress: (e) => events.push(e) })).resolves.toMatchObject({
      installed: true,
      sizeOnDisk: model.length,
    });

    expect(fs.readFileSync(path.join(modelDir('translation-gz'), 'model.enes.intgemm.alphas.bin'))).toEqual(model);
    expect(tree(modelDir('translation-gz'))).toEqual(['manifest.json', 'model.enes.intgemm.alphas.bin']);
    expect(events.some((e) => e.state === 'extracting' && e.file === 'model.enes.intgemm.alphas.bin')).toBe(true);
    const manifest = JSON.parse(fs.readFileSync(path.join(modelDir('translation-gz'), 'manifest.json'), 'utf8'));
    expect(manifest.files[0]).toMatchObject({ sha256: sha256(model), sizeBytes: model.length });
  });

  it('refuses a downloaded zip of 1 GiB of zeros from its listing, and drops it', async () => {
    const id = 'voice-bomb';
    server.serve(
      'bomb.zip',
      zipWithZeros([
        { path: `${TOP}/voice.onnx`, zerosMiB: 1024 },
        { path: `${TOP}/tokens.txt`, bytes: 'a 1' },
        { path: `${TOP}/espeak-ng-data/x`, bytes: 'x' },
      ]),
    );
    await useCatalogue([voiceEntry(id, { url: server.url('bomb.zip'), format: 'zip' })]);

    await expect(store.install(id)).rejects.toMatchObject({
      code: 'download_failed',
      message: `The archive ${server.url('bomb.zip')} for Stand-in voice ${id} unpacks to more than 800 kB (4 times the catalogue size of 200 kB). Nothing was installed.`,
    });
    expect(tree(path.join(dir, 'models'))).toEqual(['.partial/', `.partial/${id}/`]);
  });

  it('stops a downloaded .gz without a checksum at the limit, and drops it', async () => {
    server.serve('bomb.bin.gz', gzipOfZeros(64));
    const entry: CatalogueEntry = {
      id: 'translation-bomb',
      task: 'mt',
      title: 'Stand-in translation',
      description: 'A model published gzip-compressed.',
      license: 'MPL-2.0',
      sizeBytes: 1_000_000,
      usedBy: 'the tests',
      files: [{ name: 'model.bin', url: server.url('bomb.bin.gz'), compression: 'gz' }],
    };
    await useCatalogue([entry]);

    await expect(store.install(entry.id)).rejects.toMatchObject({
      code: 'download_failed',
      message: `The file at ${server.url('bomb.bin.gz')} for Stand-in translation decompresses to more than 4 MB (4 times the catalogue size of 1 MB). Nothing was installed.`,
    });
    expect(tree(path.join(dir, 'models'))).toEqual(['.partial/', `.partial/${entry.id}/`]);
  });

  it('imports the downloaded archive file itself', async () => {
    const id = 'voice-import-archive';
    await useCatalogue([
      voiceEntry(id, {
        url: server.url('never-fetched.tar.bz2'),
        format: 'tar.bz2',
        sha256: sha256(archives['tar.bz2']),
      }),
    ]);
    const local = path.join(dir, 'Downloads', 'voice.tar.bz2');
    fs.mkdirSync(path.dirname(local), { recursive: true });
    fs.writeFileSync(local, archives['tar.bz2']);

    await expect(store.importFrom(id, local)).resolves.toMatchObject({
      installed: true,
      source: 'import',
      sizeOnDisk: keptBytes,
    });

    expect(tree(modelDir(id))).toEqual(INSTALLED_TREE);
    expect(fs.existsSync(local)).toBe(true);
    expect(server.requests).toHaveLength(0);
  });

  it('imports an already extracted folder with its kept folder, and says what a folder lacks', async () => {
    const id = 'voice-import-folder';
    await useCatalogue([voiceEntry(id, { url: server.url('never-fetched.zip'), format: 'zip' })]);
    const extracted = path.join(dir, 'publisher', TOP);

    await expect(store.importFrom(id, extracted)).resolves.toMatchObject({
      installed: true,
      source: 'import',
      sizeOnDisk: keptBytes,
    });
    expect(tree(modelDir(id))).toEqual(INSTALLED_TREE);

    // The folder the archive was extracted in (holding only its top folder) is found too.
    await store.remove(id);
    await expect(store.importFrom(id, path.dirname(extracted))).resolves.toMatchObject({
      installed: true,
      sizeOnDisk: keptBytes,
    });

    fs.rmSync(path.join(extracted, 'espeak-ng-data'), { recursive: true });
    await expect(store.importFrom(id, extracted)).rejects.toMatchObject({
      code: 'invalid_request',
      message: `The folder ${extracted} lacks the folder espeak-ng-data, needed by Stand-in voice ${id}.`,
    });
    await expect(store.importFrom(id, path.dirname(extracted))).rejects.toMatchObject({
      message: `The folder ${path.dirname(extracted)} lacks voice.onnx, tokens.txt, the folder espeak-ng-data, needed by Stand-in voice ${id}.`,
    });
  });
});
