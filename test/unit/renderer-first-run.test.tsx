// What a first-time user sees in the GUI, rendered to static HTML: queue rows that tell jobs on one file apart,
// a translate form that defaults to what the service can run, and a Models page that offers only used models.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createApiClient,
  type Capabilities,
  type ModelRecord,
  type TaskSummary,
} from '../../src/renderer/src/api/client.js';
import { TranslateForm } from '../../src/renderer/src/features/create/TranslateForm.js';
import { TaskRow } from '../../src/renderer/src/features/jobs/TaskRow.js';
import { ModelsView } from '../../src/renderer/src/features/models/ModelsView.js';
import { useCatalog } from '../../src/renderer/src/stores/catalog.js';
import { useKinds } from '../../src/renderer/src/stores/kinds.js';
import { useModels } from '../../src/renderer/src/stores/models.js';
import type { StagedFile } from '../../src/renderer/src/stores/staging.js';
import { LANGUAGES } from '../../src/shared/languages.js';
import { BUILT_IN_KINDS_META } from '../fixtures/kinds-meta.js';

const client = createApiClient({ apiKey: 'dd_test', baseUrl: 'http://127.0.0.1:9' });
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** Server rendering reads a zustand store's initial state: seed it, and restore it after each test. */
function seed<S extends object>(
  store: { getInitialState(): S; setState(state: Partial<S> | S, replace?: boolean): void },
  state: Partial<S>,
): () => void {
  const pristine = { ...store.getInitialState() };
  Object.assign(store.getInitialState(), state);
  return () => Object.assign(store.getInitialState(), pristine);
}
let restore: (() => void)[] = [];
afterEach(() => {
  restore.forEach((undo) => undo());
  restore = [];
});

function task(fields: Partial<TaskSummary>): TaskSummary {
  return {
    task_id: 'tk',
    kind: 'translate',
    status: 'done',
    progress: 1,
    stage: null,
    stage_progress: 0,
    attempts: 1,
    retry_of: null,
    created_at: '2026-11-23T09:15:00.000Z',
    updated_at: '2026-11-23T09:20:00.000Z',
    input_name: 'talk30.mp4',
    ...fields,
  } as TaskSummary;
}
const row = (t: TaskSummary) =>
  renderToStaticMarkup(<TaskRow client={client} task={t} index={0} count={1} top={0} onOpen={() => {}} />);

describe('queue rows of 3 jobs on talk30.mp4', () => {
  it('show the kind (its GET /v1/meta title) with the target language, the created time, and both inputs of a lip-sync', () => {
    restore.push(seed(useKinds, { kinds: BUILT_IN_KINDS_META, loaded: true }));
    const german = row(
      task({ task_id: 'a', target_language: 'de', inputs: [{ field: 'media_url', name: 'talk30.mp4' }] }),
    );
    const french = row(
      task({ task_id: 'b', target_language: 'fr', inputs: [{ field: 'media_url', name: 'talk30.mp4' }] }),
    );
    const lipsync = row(
      task({
        task_id: 'c',
        kind: 'lipsync',
        inputs: [
          { field: 'reference_file_url', name: 'talk30.mp4' },
          { field: 'audio_url', name: 'voice-de.wav' },
        ],
      }),
    );
    expect(textOf(german)).toContain('Translate and dub → German');
    expect(textOf(french)).toContain('Translate and dub → French');
    expect(textOf(lipsync)).toContain('talk30.mp4 + voice-de.wav');
    expect(textOf(lipsync)).toContain('Lip-sync');
    expect(lipsync).toContain('aria-label="talk30.mp4 + voice-de.wav, Lip-sync, Done. Open details"');
    for (const html of [german, french, lipsync])
      expect(html).toMatch(/created <time dateTime="2026-11-23T09:15:00.000Z">/);
    expect(new Set([german, french, lipsync].map((html) => textOf(html).replace(/\d/g, ''))).size).toBe(3);
  });
});

const NOTHING_INSTALLED: Capabilities = {
  capabilities: { transcribe: false, translate: false, speak: true, precision_lipsync: false },
  missing: {
    transcribe: {
      models: [],
      message:
        'This DubDesk version has no speech-recognition engine yet; meanwhile give the speech as an SRT file (subtitle_url).',
    },
    translate: {
      models: [],
      message:
        'This DubDesk version has no translation engine yet; meanwhile give subtitles already translated (subtitle_usage_type=final_translated).',
    },
    precision_lipsync: { models: ['wav2lip-gan-96'], message: 'Install Wav2Lip GAN 96 (ONNX) on the Models page.' },
  },
};

describe('the translate form when the service cannot transcribe or translate', () => {
  const video: StagedFile = {
    id: 'v',
    name: 'talk30.mp4',
    kind: 'video',
    size: 1000,
    state: 'ready',
    sent: 1000,
    url: 'http://127.0.0.1:9/v1/files/v?token=t',
  };
  const radio = (html: string, value: string) =>
    new RegExp(`<input[^>]*name="subtitle_usage_type"[^>]*value="${value}"[^>]*/>`).exec(html)![0];

  it('defaults to speaking the SRT as written, and leaves what is missing to the engine plan (its line and Install button)', () => {
    restore.push(seed(useCatalog, { languages: [...LANGUAGES], loaded: true, capabilities: NOTHING_INSTALLED }));
    const html = renderToStaticMarkup(<TranslateForm client={client} files={[video]} onDone={() => {}} />);
    expect(radio(html, 'final_translated')).toContain('checked=""');
    expect(radio(html, 'original')).not.toContain('checked=""');
    // Choosing it is allowed: the plan then says what translating needs, and Start stays off until it is installed.
    expect(radio(html, 'original')).not.toContain('disabled');
    expect(html).toContain('<option value="" selected="">None (transcribe the speech)</option>');
    expect(textOf(html)).not.toContain('Open the Models page');
    expect(textOf(html)).not.toContain(NOTHING_INSTALLED.missing.transcribe!.message);
    expect(textOf(html)).not.toContain(NOTHING_INSTALLED.missing.translate!.message);
  });

  it('keeps the contract default (translate the original) where the service can run it', () => {
    restore.push(
      seed(useCatalog, {
        languages: [...LANGUAGES],
        loaded: true,
        capabilities: {
          capabilities: { transcribe: true, translate: true, speak: true, precision_lipsync: true },
          missing: {},
        },
      }),
    );
    const html = renderToStaticMarkup(<TranslateForm client={client} files={[video]} onDone={() => {}} />);
    expect(radio(html, 'original')).toContain('checked=""');
    expect(radio(html, 'original')).not.toContain('disabled');
    expect(html).not.toContain('Open the Models page');
  });
});

describe('the Models page', () => {
  const base = {
    description: 'd',
    license: 'MIT',
    size_bytes: 1_000_000,
    files: [{ name: 'm.onnx' }],
    installed: false,
  };
  it('labels models nothing uses "not used yet" with no install or import, and offers the ones an engine uses', () => {
    const models: ModelRecord[] = [
      { ...base, id: 'lama', task: 'inpaint', title: 'LaMa inpainting' },
      { ...base, id: 'wav2lip-gan-96', task: 'lipsync', title: 'Wav2Lip GAN 96', used_by: 'precision_v1 lip-sync' },
    ];
    restore.push(seed(useModels, { models, loaded: true }));
    const html = renderToStaticMarkup(<ModelsView client={client} />);
    const item = (id: string) => new RegExp(`<li[^>]*aria-labelledby="model-${id}"[^>]*>.*?</li>`).exec(html)![0];
    expect(textOf(item('lama'))).toContain('Not used yet');
    expect(item('lama')).not.toContain('<button');
    expect(textOf(item('wav2lip-gan-96'))).toContain('Used by precision_v1 lip-sync.');
    expect(item('wav2lip-gan-96')).toContain('aria-label="Install Wav2Lip GAN 96"');
    expect(item('wav2lip-gan-96')).toContain('aria-label="Import Wav2Lip GAN 96 from a file or folder"');
  });
});
