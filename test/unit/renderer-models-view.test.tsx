// The Models page rendered to static HTML: an archive being unpacked shows the same progress bar and words as a
// download; each model says beside its license whether it may be used commercially.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, type ModelRecord } from '../../src/renderer/src/api/client.js';
import { ModelsView } from '../../src/renderer/src/features/models/ModelsView.js';
import { useModels } from '../../src/renderer/src/stores/models.js';

const client = createApiClient({ apiKey: 'dd_test', baseUrl: 'http://127.0.0.1:9' });
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

const pristine = { ...useModels.getInitialState() };
afterEach(() => Object.assign(useModels.getInitialState(), pristine));

describe('Models page', () => {
  it('shows an archive being extracted with its progress bar and how far it is', () => {
    const whisper: ModelRecord = {
      id: 'whisper-base',
      task: 'asr',
      title: 'Whisper base (multilingual)',
      description: 'Transcribes speech.',
      license: 'MIT',
      size_bytes: 200 * 1024 * 1024,
      used_by: 'Speech recognition',
      files: [{ name: 'base-encoder.int8.onnx' }, { name: 'base-decoder.int8.onnx' }, { name: 'base-tokens.txt' }],
      archive: { format: 'tar.bz2' },
      installed: false,
      install: {
        state: 'extracting',
        received_bytes: 150 * 1024 * 1024,
        total_bytes: 200 * 1024 * 1024,
        file: 'sherpa-onnx-whisper-base.tar.bz2',
      },
    };
    Object.assign(useModels.getInitialState(), { models: [whisper], loaded: true });

    const html = renderToStaticMarkup(<ModelsView client={client} />);

    expect(html).toMatch(
      /<progress max="100" value="75" aria-label="Install progress of Whisper base \(multilingual\)"/,
    );
    expect(textOf(html)).toContain('Installing');
    expect(textOf(html)).toContain('Extracting sherpa-onnx-whisper-base.tar.bz2: 150 MB of 200 MB (75 %)');
    expect(html).toContain('aria-label="Cancel installing Whisper base (multilingual)"');
  });

  it('says beside the license whether commercial use is allowed, and why not where it is not', () => {
    const base = { description: 'd', size_bytes: 1_000_000, files: [{ name: 'm.onnx' }], installed: false };
    const models: ModelRecord[] = [
      {
        ...base,
        id: 'wav2lip-gan-96',
        task: 'lipsync',
        title: 'Wav2Lip GAN 96',
        license: 'Wav2Lip license: non-commercial research use only',
        used_by: 'precision_v1 lip-sync',
        commercial_use: 'not_allowed',
        commercial_note: 'Its authors forbid any commercial use.',
      },
      {
        ...base,
        id: 'musetalk-1.5',
        task: 'lipsync',
        title: 'MuseTalk 1.5',
        license: 'Code MIT',
        commercial_use: 'unclear',
        commercial_note: 'Its face parser was trained on non-commercial data.',
      },
      {
        ...base,
        id: 'lama',
        task: 'inpaint',
        title: 'LaMa',
        license: 'Apache-2.0',
        used_by: 'visual translate',
        commercial_use: 'allowed',
      },
      {
        ...base,
        id: 'whisper-base',
        task: 'asr',
        title: 'Whisper base',
        license: 'MIT',
        used_by: 'Speech recognition',
      },
    ];
    Object.assign(useModels.getInitialState(), { models, loaded: true });

    const html = renderToStaticMarkup(<ModelsView client={client} />);
    const item = (id: string) =>
      textOf(html.match(new RegExp(`<li[^>]*aria-labelledby="model-${id.replace('.', '\\.')}"[^]*?</li>`))![0]);

    expect(item('wav2lip-gan-96')).toContain(
      'license Wav2Lip license: non-commercial research use only · commercial use: not allowed · 1 file',
    );
    expect(item('wav2lip-gan-96')).toContain('Its authors forbid any commercial use.');
    expect(item('musetalk-1.5')).toContain('license Code MIT · commercial use: unclear');
    expect(item('musetalk-1.5')).toContain('Its face parser was trained on non-commercial data.');
    expect(item('lama')).toContain('license Apache-2.0 · commercial use: allowed · 1 file');
    // Not reviewed: nothing is claimed either way.
    expect(item('whisper-base')).toContain('license MIT · 1 file');
    expect(item('whisper-base')).not.toContain('commercial');
  });
});
