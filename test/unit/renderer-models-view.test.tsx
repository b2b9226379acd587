// The Models page while an archive is being unpacked, rendered to static HTML: the same progress bar and words as a
// download, saying it is extracting which archive and how far.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, type ModelRecord } from '../../src/renderer/src/api/client.js';
import { ModelsView } from '../../src/renderer/src/features/models/ModelsView.js';
import { useModels } from '../../src/renderer/src/stores/models.js';

const client = createApiClient({ apiKey: 'dd_test', baseUrl: 'http://127.0.0.1:9' });
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

const pristine = { ...useModels.getInitialState() };
afterEach(() => Object.assign(useModels.getInitialState(), pristine));

describe('Models page', () => {
  it('shows an archive being extracted with its progress bar and how far it is', () => {
    const whisper: ModelRecord = {
      id: 'whisper-base', task: 'asr', title: 'Whisper base (multilingual)', description: 'Transcribes speech.', license: 'MIT', size_bytes: 200 * 1024 * 1024,
      used_by: 'Speech recognition', files: [{ name: 'base-encoder.int8.onnx' }, { name: 'base-decoder.int8.onnx' }, { name: 'base-tokens.txt' }], archive: { format: 'tar.bz2' }, installed: false,
      install: { state: 'extracting', received_bytes: 150 * 1024 * 1024, total_bytes: 200 * 1024 * 1024, file: 'sherpa-onnx-whisper-base.tar.bz2' },
    };
    Object.assign(useModels.getInitialState(), { models: [whisper], loaded: true });

    const html = renderToStaticMarkup(<ModelsView client={client} />);

    expect(html).toMatch(/<progress max="100" value="75" aria-label="Install progress of Whisper base \(multilingual\)"/);
    expect(textOf(html)).toContain('Installing');
    expect(textOf(html)).toContain('Extracting sherpa-onnx-whisper-base.tar.bz2: 150 MB of 200 MB (75 %)');
    expect(html).toContain('aria-label="Cancel installing Whisper base (multilingual)"');
  });
});
