// Pins what the create forms show a user, rendered to static HTML with react-dom/server (no DOM library needed):
// labels and contract defaults, the lip-sync model choices, visual translation's required fields, the OCR box
// rules, and where an API error's words appear.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  createApiClient,
  type GlossaryRecord,
  type SubtitleStyleRecord,
} from '../../src/renderer/src/api/client.js';
import { fieldForError } from '../../src/renderer/src/features/create/error-fields.js';
import { FrameTranslateForm } from '../../src/renderer/src/features/create/FrameTranslateForm.js';
import { LipsyncForm } from '../../src/renderer/src/features/create/LipsyncForm.js';
import {
  BOX_OFF_FOR_AUDIO,
  BOX_OFF_FOR_SUBTITLES,
  TranslateForm,
} from '../../src/renderer/src/features/create/TranslateForm.js';
import { placeError } from '../../src/renderer/src/features/create/useJobSubmission.js';
import {
  BILINGUAL_OFF_FOR_FINAL,
  buildTranslateRequest,
  TRANSLATE_DEFAULTS,
} from '../../src/renderer/src/features/create/request-builders.js';
import { useCatalog } from '../../src/renderer/src/stores/catalog.js';
import type { StagedFile } from '../../src/renderer/src/stores/staging.js';
import { LANGUAGES } from '../../src/shared/languages.js';

// A real client; rendering to a string runs no effects, so it is never called.
const client = createApiClient({ apiKey: 'dd_test', baseUrl: 'http://127.0.0.1:9' });
const onDone = () => {};

let nextId = 0;
function staged(name: string, kind: StagedFile['kind'], extra: Partial<StagedFile> = {}): StagedFile {
  return {
    id: `f${++nextId}`,
    name,
    kind,
    size: 1000,
    state: 'ready',
    sent: 1000,
    url: `http://127.0.0.1:9/v1/files/${nextId}?token=t`,
    ...extra,
  };
}

const STYLES = [
  { subtitle_style_id: 'builtin:default', name: 'Default' },
  { subtitle_style_id: 'st_big', name: 'Big yellow' },
] as SubtitleStyleRecord[];
const GLOSSARIES = [
  {
    glossary_id: 'gl_1',
    name: 'Product names',
    source_language: 'en',
    target_language: 'de',
    entries: [{ source: 'DubDesk', target: 'DubDesk' }],
  },
] as GlossaryRecord[];

/**
 * Server rendering reads a zustand store's *initial* state (useSyncExternalStore's server snapshot), so the
 * catalogue the forms read is put there, and taken back after each test.
 */
const pristineCatalog = { ...useCatalog.getInitialState() };
function seedCatalog(state: Partial<ReturnType<typeof useCatalog.getState>>) {
  Object.assign(useCatalog.getInitialState(), state);
  useCatalog.setState(state);
}
beforeEach(() => seedCatalog({ languages: [...LANGUAGES], styles: STYLES, glossaries: GLOSSARIES, loaded: true }));
afterEach(() => {
  Object.assign(useCatalog.getInitialState(), pristineCatalog);
  useCatalog.setState(pristineCatalog, true);
});

// --- reading the static HTML the way a user (or a screen reader) meets it ---
const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const textOf = (html: string) =>
  decode(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function labelOf(html: string, id: string): string | undefined {
  const match = new RegExp(`<label[^>]*for="${escapeRe(id)}"[^>]*>(.*?)</label>`).exec(html);
  return match ? textOf(match[1]) : undefined;
}
function paragraph(html: string, id: string): string | undefined {
  const match = new RegExp(`<p[^>]*id="${escapeRe(id)}"[^>]*>(.*?)</p>`).exec(html);
  return match ? textOf(match[1]) : undefined;
}
function controlTag(html: string, id: string): string {
  const match = new RegExp(`<(?:select|input|textarea)[^>]*\\sid="${escapeRe(id)}"[^>]*>`).exec(html);
  if (!match) throw new Error(`no control #${id}`);
  return match[0];
}
/** The text of the option a select shows. */
function shownOption(html: string, id: string): string | undefined {
  const start = html.indexOf(controlTag(html, id));
  const body = html.slice(start, html.indexOf('</select>', start));
  const match = /<option[^>]*selected=""[^>]*>(.*?)<\/option>/.exec(body);
  return match ? textOf(match[1]) : undefined;
}
/** The text of the <label> wrapping a checkbox or radio with this value. */
function wrappingLabel(html: string, name: string, value: string): { text: string; checked: boolean } {
  const match = new RegExp(
    `<label[^>]*><input[^>]*name="${name}"[^>]*value="${escapeRe(value)}"[^>]*/>(.*?)</label>`,
  ).exec(html);
  if (!match) throw new Error(`no ${name}=${value}`);
  return { text: textOf(match[1]), checked: /checked=""/.test(match[0].slice(0, match[0].indexOf('/>'))) };
}
/** Every select, input and textarea, and whether a label, a wrapping <label> or an aria-label names it. */
function unlabelledControls(html: string): string[] {
  const unnamed: string[] = [];
  for (const match of html.matchAll(/<(select|input|textarea)\b[^>]*>/g)) {
    const tag = match[0];
    const id = /\sid="([^"]+)"/.exec(tag)?.[1];
    const before = html.slice(0, match.index);
    const insideLabel = before.lastIndexOf('<label') > before.lastIndexOf('</label>');
    if (/aria-label="[^"]+"/.test(tag) || insideLabel || (id && labelOf(html, id))) continue;
    unnamed.push(tag);
  }
  return unnamed;
}

describe('the translate form', () => {
  const video = staged('clip.mp4', 'video', { previewUrl: 'blob:clip' });

  it('labels every control and shows the contract default of each field', () => {
    const html = renderToStaticMarkup(<TranslateForm client={client} files={[video]} onDone={onDone} />);
    expect(unlabelledControls(html)).toEqual([]);
    const fields: [id: string, label: string, shown: string | undefined, hint: string | undefined][] = [
      ['translate-source', 'Source language', 'Detect automatically', 'Default: detect automatically.'],
      ['translate-target', 'Target language', 'Choose a language…', undefined],
      ['translate-subtitle-mode', 'Subtitles on the video', 'None', 'Default: none.'],
      ['translate-style', 'Subtitle style', 'Default', 'Default: builtin:default.'],
      [
        'translate-voice-model',
        'Voice model',
        'Auto',
        "Default: auto. Real clones each speaker's own voice (the plan below says if it needs a model); native uses stock voices.",
      ],
      ['translate-voice', 'Voice', 'Automatic', 'Choose the target language first.'],
      ['translate-export', 'Export', 'Auto', "Required; auto = the input's type."],
      [
        'translate-project',
        'Project',
        'None',
        'Default: none. Editable: the lines can be proofread, edited and exported again from the project editor.',
      ],
      [
        'subtitle-0',
        'Subtitles for clip.mp4',
        'None (transcribe the speech)',
        'Drop an .srt file with the media to use it; without one the speech is transcribed.',
      ],
    ];
    for (const [id, label, shown, hint] of fields) {
      expect(labelOf(html, id), id).toBe(label);
      expect(shownOption(html, id), id).toBe(shown);
      if (hint) expect(paragraph(html, `${id}-hint`), id).toBe(hint);
    }
    expect(controlTag(html, 'translate-target')).toContain('required=""');
    expect(labelOf(html, 'translate-position')).toBe('Subtitle position (0 top … 1 bottom)');
    expect(controlTag(html, 'translate-position')).toContain('placeholder="0.9"');
    expect(paragraph(html, 'translate-position-hint')).toBe('Default: 0.9, portrait 0.75.');
    for (const [id, label, hint] of [
      ['translate-speakers-min', 'Fewest speakers', 'Optional, 1–50.'],
      ['translate-speakers-max', 'Most speakers', 'Optional, 1–50.'],
      ['translate-prompt', 'Instructions for the translation', 'Optional, up to 4000 characters (user_prompt).'],
      ['translate-callback', 'Callback URL', 'Optional: receives a POST on every status change.'],
    ]) {
      expect(labelOf(html, id)).toBe(label);
      expect(paragraph(html, `${id}-hint`)).toBe(hint);
    }
    expect(wrappingLabel(html, 'subtitle_usage_type', 'original')).toEqual({
      text: 'The original speech (translate it) · default',
      checked: true,
    });
    expect(wrappingLabel(html, 'subtitle_usage_type', 'final_translated').checked).toBe(false);
    expect(textOf(html)).toContain('Slow the video where the dub runs long (align_video)');
    expect(textOf(html)).toContain('Product names (en → de, 1 terms)');
    // The OCR box: empty by default, drawn on the video's frame, numbers labelled.
    expect(textOf(html)).toContain('Default: no box.');
    expect(html).toContain('aria-label="Frame of clip.mp4: drawing area for the OCR text box"');
    expect(['x', 'y', 'width', 'height'].map((part) => labelOf(html, `translate-ocr-${part}`))).toEqual([
      'x (left edge)',
      'y (top edge)',
      'width',
      'height',
    ]);
    expect(controlTag(html, 'translate-ocr-x')).toContain('value=""');
    expect(textOf(html)).toContain('No box drawn.');
    expect(html).toMatch(/<button type="submit">Start task<\/button>/);
  });

  it('offers proofreading (unticked) and editable projects, and sends them when chosen', () => {
    const html = renderToStaticMarkup(<TranslateForm client={client} files={[video]} onDone={onDone} />);
    expect(html).toMatch(
      /<input type="checkbox"\/> Stop for proofreading: translate, then open the lines in the editor before any voice is made \(enable_proofreading\)/,
    );
    expect(html).toContain('<option value="editable">Editable project</option>');
    const body = buildTranslateRequest(
      { ...TRANSLATE_DEFAULTS, target_language: 'es', enable_proofreading: true, project_mode: 'editable' },
      { mediaUrl: 'file:///clip.mp4', mediaKind: 'video' },
    );
    expect(body).toMatchObject({ enable_proofreading: true, project_mode: 'editable' });
  });

  it("offers bilingual subtitles, unticked by default, and real voices as each speaker's own voice, cloned", () => {
    const html = renderToStaticMarkup(<TranslateForm client={client} files={[video]} onDone={onDone} />);
    const bilingual = controlTag(html, 'translate-bilingual');
    expect(textOf(html)).toContain('Bilingual subtitles (original line above each translation) Default: off.');
    expect(bilingual).not.toContain('checked');
    expect(bilingual).not.toContain('disabled');
    expect(paragraph(html, 'translate-bilingual-hint')).toBe(
      'Default: off. An extra SRT download (bilingual_subtitle).',
    );
    expect(html).toContain('<option value="real">Real (each speaker&#x27;s own voice, cloned)</option>');
  });

  it('turns bilingual subtitles off, saying why, when the subtitle file is the final translation', () => {
    // A service that cannot translate starts with the SRT spoken as written (static rendering runs no effects).
    seedCatalog({
      capabilities: {
        capabilities: { transcribe: true, translate: false, speak: true, precision_lipsync: false },
        missing: {},
      },
    });
    const html = renderToStaticMarkup(
      <TranslateForm client={client} files={[video, staged('clip.srt', 'subtitle')]} onDone={onDone} />,
    );
    expect(wrappingLabel(html, 'subtitle_usage_type', 'final_translated').checked).toBe(true);
    expect(controlTag(html, 'translate-bilingual')).toContain('disabled=""');
    expect(paragraph(html, 'translate-bilingual-hint')).toBe(BILINGUAL_OFF_FOR_FINAL);
  });

  it('turns the OCR box off, saying why, while a subtitle file is paired with the video', () => {
    const html = renderToStaticMarkup(
      <TranslateForm client={client} files={[video, staged('clip.srt', 'subtitle')]} onDone={onDone} />,
    );
    expect(shownOption(html, 'subtitle-0')).toBe('clip.srt');
    expect(controlTag(html, 'subtitle-0')).not.toContain('disabled');
    expect(paragraph(html, 'ocr-box-disabled')).toBe(BOX_OFF_FOR_SUBTITLES);
    expect(controlTag(html, 'translate-ocr-x')).toContain('disabled=""');
    expect(html).toContain('aria-disabled="true"');
  });

  it('offers no OCR box for audio, and no video export', () => {
    const html = renderToStaticMarkup(
      <TranslateForm client={client} files={[staged('talk.mp3', 'audio')]} onDone={onDone} />,
    );
    expect(paragraph(html, 'ocr-box-disabled')).toBe(BOX_OFF_FOR_AUDIO);
    expect(html).not.toContain('drawing area for the OCR text box');
    expect(html).toMatch(/<option value="video" disabled="">Video<\/option>/);
    expect(html).toMatch(/<option value="all" disabled="">All \(video and audio\)<\/option>/);
    expect(textOf(html)).toContain('media type: audio (from the file)');
  });

  it('shows an API error next to the field it names, marked invalid and read out', () => {
    const apiError = new ApiError(
      'unsupported_language',
      'There is no voice for tlh yet; choose one with selected_voice_id (GET /v1/voices).',
      400,
    );
    const shown = ['media_url', 'subtitle_url', 'target_language', 'selected_voice_id', 'voice_model'];
    // The message names selected_voice_id, so that is where it goes, not the code's usual target_language.
    const field = fieldForError(apiError.code, apiError.message, shown);
    expect(field).toBe('selected_voice_id');
    const [key, words] = placeError(field, apiError.message, 0, 1, 'clip.mp4', new Set(shown));
    const html = renderToStaticMarkup(
      <TranslateForm client={client} files={[video]} onDone={onDone} initialErrors={{ [key]: words }} />,
    );
    expect(html).toContain(
      `<p id="translate-voice-error" class="field-error" role="alert">${apiError.message.replace(/'/g, '&#x27;')}</p>`,
    );
    expect(controlTag(html, 'translate-voice')).toContain('aria-invalid="true"');
    expect(controlTag(html, 'translate-voice')).toContain(
      'aria-describedby="translate-voice-hint translate-voice-error"',
    );
    expect(controlTag(html, 'translate-target')).not.toContain('aria-invalid');
  });

  it('names the file of a batch an input error belongs to, under that file', () => {
    const other = staged('second.mp4', 'video');
    const message = 'subtitle_url is not valid SRT: line 3 has no time range.';
    const [key, words] = placeError(
      fieldForError('invalid_subtitle', message, ['subtitle_url']),
      message,
      1,
      2,
      'second.mp4',
      new Set(['subtitle_url']),
    );
    const html = renderToStaticMarkup(
      <TranslateForm client={client} files={[video, other]} onDone={onDone} initialErrors={{ [key]: words }} />,
    );
    expect(paragraph(html, 'subtitle-1-error')).toBe(message);
    expect(paragraph(html, 'subtitle-0-error')).toBeUndefined();
    expect(html).toMatch(/<button type="submit">Start 2 tasks<\/button>/);
    expect(textOf(html)).toContain('The box applies to every video of this batch; the frame is from clip.mp4.');
  });
});

describe('the lip-sync form', () => {
  it('offers the two models, standard_v1 chosen, and says the reference type is inferred', () => {
    const html = renderToStaticMarkup(
      <LipsyncForm
        client={client}
        files={[staged('face.png', 'image'), staged('voice.wav', 'audio')]}
        onDone={onDone}
      />,
    );
    expect(unlabelledControls(html)).toEqual([]);
    expect(wrappingLabel(html, 'model', 'standard_v1')).toEqual({
      text: 'Standard (standard_v1, faster)',
      checked: true,
    });
    expect(wrappingLabel(html, 'model', 'precision_v1')).toEqual({
      text: "Precision (precision_v1, slower: the person's own mouths from a video, or an installed lip-sync model)",
      checked: false,
    });
    expect(paragraph(html, 'lipsync-model-hint')).toBe('Required.');
    expect(textOf(html)).toContain('face.png (picture, reference type inferred) speaks voice.wav');
    expect(labelOf(html, 'lipsync-callback')).toBe('Callback URL');
  });

  it('shows an error no field owns above the submit button', () => {
    // The model store's words for a missing model: they name no field of the form.
    const message =
      'Wav2Lip GAN 96 is not installed. Install it with `dubdesk models install wav2lip-gan-96`, with POST /v1/models {"id":"wav2lip-gan-96"}, or from the Models page of the app.';
    const fields = ['reference_file_url', 'audio_url', 'model', 'reference_file_type', 'callback_url'];
    const field = fieldForError('model_not_installed', message, fields);
    const [key, words] = placeError(field, message, 0, 1, 'face.png', new Set(fields));
    const html = renderToStaticMarkup(
      <LipsyncForm
        client={client}
        files={[staged('face.png', 'image'), staged('voice.wav', 'audio')]}
        onDone={onDone}
        initialErrors={{ [key]: words }}
      />,
    );
    expect(key).toBe('form');
    expect(paragraph(html, 'form-error')).toBe(`${message}`);
  });

  it('names a video lip-synced to its own audio', () => {
    const html = renderToStaticMarkup(
      <LipsyncForm client={client} files={[staged('talk.mp4', 'video')]} onDone={onDone} />,
    );
    expect(textOf(html)).toContain('talk.mp4 (video, reference type inferred) speaks its own audio');
  });
});

describe('the visual translation form', () => {
  it('requires both languages, with nothing chosen, and shows the optional fields with their defaults', () => {
    const html = renderToStaticMarkup(
      <FrameTranslateForm client={client} files={[staged('sign.mp4', 'video')]} onDone={onDone} />,
    );
    expect(unlabelledControls(html)).toEqual([]);
    for (const [id, label] of [
      ['frame-source', 'Source language'],
      ['frame-target', 'Target language'],
    ]) {
      expect(labelOf(html, id)).toBe(label);
      expect(controlTag(html, id)).toContain('required=""');
      expect(shownOption(html, id)).toBe('Choose a language…');
    }
    expect(paragraph(html, 'frame-source-hint')).toBe('Required: the language of the text on screen.');
    expect(shownOption(html, 'frame-project')).toBe('None');
    expect(paragraph(html, 'frame-project-hint')).toBe(
      'Default: none. Editable: the lines can be proofread, edited and exported again from the project editor.',
    );
    expect(html).toContain('<option value="editable">Editable project</option>');
    expect(textOf(html)).toContain('Videos (one task)');
  });

  it('shows a schema error under the language it concerns', () => {
    const html = renderToStaticMarkup(
      <FrameTranslateForm
        client={client}
        files={[staged('sign.mp4', 'video')]}
        onDone={onDone}
        initialErrors={{ target_language: 'This is required.' }}
      />,
    );
    expect(paragraph(html, 'frame-target-error')).toBe('This is required.');
    expect(controlTag(html, 'frame-target')).toContain('aria-invalid="true"');
  });
});
