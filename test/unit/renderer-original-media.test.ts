// The task's original input, found from its kind's input fields in GET /v1/meta: the same answers the renderer's
// per-kind switch gave for the four built-in kinds (the table was checked against that switch before it was removed).
import { describe, expect, it } from 'vitest';
import { originalMedia, type OriginalMedia } from '../../src/renderer/src/features/jobs/task-request.js';
import { BUILT_IN_KINDS_META } from '../fixtures/kinds-meta.js';

const upload = 'http://127.0.0.1:7860/v1/files/f1?token=abc';
const local = 'file:///home/me/My%20Talk.mp4';
const playable = (field: string, kind: OriginalMedia['kind']): OriginalMedia => ({
  field,
  url: upload,
  kind,
  playable: true,
});
const onDisk = (field: string, kind: OriginalMedia['kind']): OriginalMedia => ({
  field,
  url: local,
  kind,
  playable: false,
  localPath: '/home/me/My Talk.mp4',
});

const CASES: [kind: string, body: Record<string, unknown> | undefined, expected: OriginalMedia | undefined][] = [
  ['translate', { media_type: 'video', media_url: upload }, playable('media_url', 'video')],
  ['translate', { media_type: 'audio', media_url: upload }, playable('media_url', 'audio')],
  ['translate', { media_url: upload }, playable('media_url', 'video')],
  ['translate', { media_type: 'audio', media_url: local, subtitle_url: upload }, onDisk('media_url', 'audio')],
  ['translate', { media_type: 'video' }, undefined],
  ['translate', { media_type: 'video', media_url: '' }, undefined],
  ['translate', { media_type: 'video', media_url: 42 }, undefined],
  ['translate', undefined, undefined],
  [
    'lipsync',
    { reference_file_type: 'image', reference_file_url: upload, audio_url: local },
    playable('reference_file_url', 'image'),
  ],
  ['lipsync', { reference_file_type: 'video', reference_file_url: local }, onDisk('reference_file_url', 'video')],
  ['lipsync', { reference_file_url: upload }, playable('reference_file_url', 'video')],
  ['lipsync', { audio_url: upload }, undefined],
  ['reusable_lipsync', { model_id: 'rlm_1', audio_url: upload }, playable('audio_url', 'audio')],
  ['reusable_lipsync', { model_id: 'rlm_1', audio_url: local }, onDisk('audio_url', 'audio')],
  ['frame_translate', { video_url: local }, onDisk('video_url', 'video')],
  ['frame_translate', { video_url: upload, source_language: 'en' }, playable('video_url', 'video')],
  ['frame_translate', { media_url: upload }, undefined],
];

const metaOf = (id: string) => BUILT_IN_KINDS_META.find((kind) => kind.id === id);

describe("a task's original input, from its kind's meta", () => {
  it.each(CASES)('%s %j', (kind, body, expected) => {
    expect(originalMedia(metaOf(kind), body)).toEqual(expected);
  });

  it('is unknown for a kind the service does not list', () => {
    expect(originalMedia(undefined, { media_url: upload })).toBeUndefined();
  });
});
