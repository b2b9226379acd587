// Each kind's declared input fields (its module, GET /v1/meta) against its request schema, and the create list's
// offers the GUI builds from them for kinds without a form of their own.
import { describe, expect, it } from 'vitest';
import { kindsMeta } from '../../src/main/api/routes/meta.js';
import { BUILT_IN_KINDS, createKindRegistry } from '../../src/main/pipelines/kinds.js';
import { inputFields, kindOffers } from '../../src/renderer/src/features/create/kind-offers.js';
import { parseOtherFields } from '../../src/renderer/src/features/create/KindForm.js';
import { clipTestKind } from '../fixtures/clip-test-kind.js';

type SchemaProperty = { enum?: string[]; description?: string; type?: string; maxLength?: number };

describe("a kind's input fields", () => {
  it.each(BUILT_IN_KINDS.map((kind) => [kind.id, kind] as const))(
    '%s declares every URL input of its request, each a field of it, one main',
    (_id, kind) => {
      const properties = (kind.requestSchema as { properties: Record<string, SchemaProperty> }).properties;
      // Every URL field but the callback is a file the job reads (UrlString: a string of at most 8192 characters).
      const urlFields = Object.keys(properties).filter((field) => field.endsWith('_url') && field !== 'callback_url');
      expect(kind.inputs.map((input) => input.field)).toEqual(urlFields);
      expect(kind.inputs.filter((input) => input.main)).toHaveLength(1);
      expect(kind.inputs[0]?.main).toBe(true);
      for (const input of kind.inputs) {
        if (!input.mediaFrom) continue;
        expect(Object.keys(input.mediaFrom.values)).toEqual(properties[input.mediaFrom.field]?.enum);
      }
    },
  );
});

describe('the create list from GET /v1/meta', () => {
  const kinds = kindsMeta({ kinds: createKindRegistry([clipTestKind]), pipelines: {} }).kinds;
  const clip = kinds.find((kind) => kind.id === 'test_clip')!;
  const withForms = new Set(['translate', 'lipsync', 'frame_translate']);
  const file = (name: string, kind: 'video' | 'image' | 'audio' | 'subtitle') => ({
    id: name,
    name,
    kind,
    url: `http://127.0.0.1:1/v1/files/${name}`,
  });

  it('offers a kind without a form for the files its main input takes, one task each', () => {
    expect(
      kindOffers(kinds, [file('a.mp4', 'video'), file('b.png', 'image'), file('c.srt', 'subtitle')], withForms),
    ).toEqual([
      {
        choice: 'test_clip',
        count: 2,
        title: 'Test clip',
        description: 'A test clip task for each of 2 files, its other fields given as JSON.',
      },
    ]);
    // An audio is reusable-model lip-sync's main input: that kind has no form of its own either.
    expect(
      kindOffers(kinds, [file('talk.wav', 'audio')], withForms).map((offer) => [offer.choice, offer.count]),
    ).toEqual([['reusable_lipsync', 1]]);
    expect(kindOffers(kinds, [file('c.srt', 'subtitle')], withForms)).toEqual([]);
  });

  it('puts a file in the main input, and says its sort in the field the kind reads it from', () => {
    const input = clip.inputs[0]!;
    expect(inputFields(input, file('b.png', 'image'))).toEqual({
      clip_url: 'http://127.0.0.1:1/v1/files/b.png',
      clip_type: 'image',
    });
    expect(inputFields(input, file('a.mp4', 'video'))).toEqual({
      clip_url: 'http://127.0.0.1:1/v1/files/a.mp4',
      clip_type: 'video',
    });
    expect(inputFields(input, file('t.wav', 'audio'))).toBeUndefined();
    const frame = kinds.find((kind) => kind.id === 'frame_translate')!.inputs[0]!;
    expect(inputFields(frame, file('a.mp4', 'video'))).toEqual({ video_url: 'http://127.0.0.1:1/v1/files/a.mp4' });
  });

  it('reads the other fields as a JSON object, or says why not', () => {
    expect(parseOtherFields('{"note": "hi"}')).toEqual({ fields: { note: 'hi' } });
    expect(parseOtherFields('  ')).toEqual({ fields: {} });
    expect(parseOtherFields('[1]')).toEqual({ error: 'Give a JSON object, e.g. {"name": "value"}.' });
    expect(parseOtherFields('{"note": oops}')).toMatchObject({ error: expect.stringMatching(/^Not JSON: /) });
  });
});
