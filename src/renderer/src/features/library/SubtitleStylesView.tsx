import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ApiClient, SubtitleStyleRecord } from '../../api/client.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Field } from '../../components/Field.js';
import { useCatalog } from '../../stores/catalog.js';
import { useNotices } from '../../stores/notices.js';
import {
  cssColour,
  draftOfStyle,
  duplicateName,
  FONT_SIZE_RANGE,
  joinColour,
  splitColour,
  styleBody,
  type StyleDraft,
  type StyleErrors,
} from './style-draft.js';
import { grabFrame, StylePreview, type PreviewBackground } from './StylePreview.js';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const SAMPLE_TEXT = 'This is how your subtitles look,\nover two balanced lines.';
/** Fonts that ship with DubDesk, so a burn never depends on the user's system. */
const BUNDLED_FONTS = ['DejaVu Sans', 'Noto Sans SC', 'Noto Sans KR'];
const NEUTRAL_FRAMES = {
  landscape: { label: 'Neutral frame 16:9 (1280×720)', frame: { width: 1280, height: 720 } },
  portrait: { label: 'Neutral frame 9:16 (720×1280)', frame: { width: 720, height: 1280 } },
  square: { label: 'Neutral frame 1:1 (1080×1080)', frame: { width: 1080, height: 1080 } },
} as const;
type NeutralShape = keyof typeof NEUTRAL_FRAMES;

const percentOf = (fraction: number) => Math.round(fraction * 1000) / 10;

/** A percentage as a slider and a number box side by side, stored as a fraction. */
function PercentControl({
  id,
  label,
  value,
  min,
  max,
  hint,
  disabled,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  hint: string;
  disabled?: boolean;
  error?: string;
  onChange(fraction: number): void;
}) {
  const percent = percentOf(value);
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <label htmlFor={id}>{label}</label>
      <div className="percent-control">
        <input
          type="range"
          aria-label={`${label} slider`}
          min={min * 100}
          max={max * 100}
          step={0.1}
          value={percent}
          disabled={disabled}
          aria-valuetext={`${percent} % ${hint}`}
          onChange={(event) => onChange(Number(event.target.value) / 100)}
        />
        <input
          id={id}
          type="number"
          min={min * 100}
          max={max * 100}
          step={0.1}
          value={percent}
          disabled={disabled}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(Number(event.target.value) / 100)}
        />
        <span className="muted">%</span>
      </div>
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function ColourControl({
  id,
  label,
  value,
  withOpacity,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  withOpacity?: boolean;
  disabled?: boolean;
  onChange(hex: string): void;
}) {
  const { rgb, opacity } = splitColour(value);
  return (
    <div className="field colour-control">
      <label htmlFor={id}>{label}</label>
      <div className="colour-row">
        <input
          id={id}
          type="color"
          value={rgb}
          disabled={disabled}
          onChange={(event) => onChange(joinColour(event.target.value, opacity))}
        />
        <code>{value}</code>
        {withOpacity ? (
          <label className="opacity">
            Opacity
            <input
              type="range"
              min={0}
              max={100}
              value={Math.round(opacity * 100)}
              disabled={disabled}
              aria-label={`${label} opacity`}
              aria-valuetext={`${Math.round(opacity * 100)} %`}
              onChange={(event) => onChange(joinColour(rgb, Number(event.target.value) / 100))}
            />
          </label>
        ) : null}
      </div>
    </div>
  );
}

function PreviewFrameChooser({
  background,
  onChange,
}: {
  background: PreviewBackground;
  onChange(background: PreviewBackground): void;
}) {
  const [problem, setProblem] = useState<string>();
  const [shape, setShape] = useState<NeutralShape>('landscape');
  return (
    <div className="preview-frame-chooser">
      <label htmlFor="style-preview-frame">Preview on</label>
      <select
        id="style-preview-frame"
        value={background.kind === 'frame' ? 'frame' : shape}
        onChange={(event) => {
          const value = event.target.value as NeutralShape | 'frame';
          if (value === 'frame') return;
          setShape(value);
          onChange({ kind: 'gradient', frame: NEUTRAL_FRAMES[value].frame });
        }}
      >
        {(Object.keys(NEUTRAL_FRAMES) as NeutralShape[]).map((key) => (
          <option key={key} value={key}>
            {NEUTRAL_FRAMES[key].label}
          </option>
        ))}
        {background.kind === 'frame' ? <option value="frame">A frame of {background.name}</option> : null}
      </select>
      <label className="file-button secondary small">
        Use a frame of a video or picture…
        <input
          type="file"
          accept="video/*,image/*"
          className="visually-hidden"
          aria-label="Video or picture to preview on"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            setProblem(undefined);
            grabFrame(file).then(
              (image) => onChange({ kind: 'frame', image, name: file.name }),
              (error: unknown) => setProblem(messageOf(error)),
            );
          }}
        />
      </label>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function StyleEditor({
  client,
  record,
  initial,
  onClose,
}: {
  client: ApiClient;
  record?: SubtitleStyleRecord;
  initial: StyleDraft;
  onClose(saved?: SubtitleStyleRecord): void;
}) {
  const [draft, setDraft] = useState<StyleDraft>(initial);
  const [errors, setErrors] = useState<StyleErrors>({});
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [text, setText] = useState(SAMPLE_TEXT);
  const [background, setBackground] = useState<PreviewBackground>({
    kind: 'gradient',
    frame: NEUTRAL_FRAMES.landscape.frame,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const set = (patch: Partial<StyleDraft>) => setDraft((current) => ({ ...current, ...patch }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const checked = styleBody(draft);
    setErrors(checked.errors ?? {});
    setProblem(undefined);
    if (!checked.body) return;
    setSaving(true);
    try {
      onClose(
        record
          ? await client.updateSubtitleStyle(record.subtitle_style_id, checked.body)
          : await client.createSubtitleStyle(checked.body),
      );
    } catch (error) {
      setProblem(messageOf(error));
      setSaving(false);
    }
  }

  return (
    <form
      className="job-form library-editor style-editor"
      onSubmit={(event) => void save(event)}
      aria-labelledby="style-editor-title"
      noValidate
    >
      <h3 id="style-editor-title" ref={heading} tabIndex={-1}>
        {record ? `Edit “${record.name}”` : 'New subtitle style'}
      </h3>
      <div className="style-editor-grid">
        <div className="style-controls">
          <Field id="style-name" label="Name" error={errors.name}>
            <input value={draft.name} maxLength={200} onChange={(event) => set({ name: event.target.value })} />
          </Field>
          <Field
            id="style-font"
            label="Font family"
            hint="DejaVu Sans, Noto Sans SC and Noto Sans KR ship with DubDesk; other fonts must be installed on the service's machine."
            error={errors.font_family}
          >
            <input
              value={draft.font_family}
              list="style-fonts"
              maxLength={100}
              onChange={(event) => set({ font_family: event.target.value })}
            />
          </Field>
          <datalist id="style-fonts">
            {BUNDLED_FONTS.map((font) => (
              <option key={font} value={font} />
            ))}
          </datalist>
          <PercentControl
            id="style-size"
            label="Size"
            value={draft.font_size}
            min={FONT_SIZE_RANGE.min}
            max={FONT_SIZE_RANGE.max}
            hint="of the frame's shorter side (the height of landscape video)"
            error={errors.font_size}
            onChange={(font_size) => set({ font_size })}
          />
          <div className="check-row">
            <label className="check">
              <input type="checkbox" checked={draft.bold} onChange={(event) => set({ bold: event.target.checked })} />{' '}
              Bold
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={draft.italic}
                onChange={(event) => set({ italic: event.target.checked })}
              />{' '}
              Italic
            </label>
          </div>
          <StyleLookControls draft={draft} set={set} errors={errors} />
        </div>
        <div className="style-preview-column">
          <PreviewFrameChooser background={background} onChange={setBackground} />
          <StylePreview style={draft} background={background} text={text} />
          <Field
            id="style-sample"
            label="Sample text"
            hint={
              'The height on screen is chosen per task (subtitle_position_y): 90 % down, 75 % on portrait video, ' +
              'unless the task says otherwise.'
            }
          >
            <textarea rows={2} value={text} onChange={(event) => setText(event.target.value)} />
          </Field>
        </div>
      </div>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="task-actions form-buttons">
        <button type="submit" disabled={saving}>
          {saving ? 'Saving…' : record ? 'Save changes' : 'Create style'}
        </button>
        <button type="button" className="secondary" onClick={() => onClose()}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Alignment, colours, the box or the outline, and the shadow of a style being edited. */
function StyleLookControls({
  draft,
  set,
  errors,
}: {
  draft: StyleDraft;
  set(patch: Partial<StyleDraft>): void;
  errors: StyleErrors;
}) {
  return (
    <>
      <fieldset className="alignment">
        <legend>Alignment</legend>
        {(['left', 'center', 'right'] as const).map((alignment) => (
          <label key={alignment} className="check">
            <input
              type="radio"
              name="style-alignment"
              checked={draft.alignment === alignment}
              onChange={() => set({ alignment })}
            />{' '}
            {alignment === 'center' ? 'Centre' : alignment === 'left' ? 'Left' : 'Right'}
          </label>
        ))}
      </fieldset>
      <ColourControl
        id="style-colour"
        label="Text colour"
        value={draft.primary_colour}
        onChange={(primary_colour) => set({ primary_colour })}
      />
      <label className="check">
        <input type="checkbox" checked={draft.box} onChange={(event) => set({ box: event.target.checked })} /> Box
        behind the text (instead of an outline)
      </label>
      {draft.box ? (
        <ColourControl
          id="style-box-colour"
          label="Box colour"
          value={draft.box_colour}
          withOpacity
          onChange={(box_colour) => set({ box_colour })}
        />
      ) : (
        <>
          <ColourControl
            id="style-outline-colour"
            label="Outline colour"
            value={draft.outline_colour}
            onChange={(outline_colour) => set({ outline_colour })}
          />
          <PercentControl
            id="style-outline"
            label="Outline"
            value={draft.outline_width}
            min={0}
            max={0.5}
            hint="of the font size"
            error={errors.outline_width}
            onChange={(outline_width) => set({ outline_width })}
          />
        </>
      )}
      <PercentControl
        id="style-shadow"
        label="Shadow"
        value={draft.shadow}
        min={0}
        max={0.5}
        hint="offset, of the font size; 0 for none"
        error={errors.shadow}
        onChange={(shadow) => set({ shadow })}
      />
    </>
  );
}

/** A few letters in the style, so the list reads at a glance (CSS only, not the burn's rendering). */
function Swatch({ style }: { style: SubtitleStyleRecord }) {
  const outline =
    !style.box && style.outline_width > 0
      ? `${Math.max(1, Math.round(style.outline_width * 20))}px ${cssColour(style.outline_colour)}`
      : undefined;
  return (
    <span className="style-swatch" aria-hidden="true">
      <span
        style={{
          color: cssColour(style.primary_colour),
          fontWeight: style.bold ? 700 : 400,
          fontStyle: style.italic ? 'italic' : 'normal',
          fontFamily: `"${style.font_family}", "DejaVu Sans", sans-serif`,
          background: style.box ? cssColour(style.box_colour) : undefined,
          padding: style.box ? '0 0.2rem' : undefined,
          WebkitTextStroke: outline,
          paintOrder: 'stroke fill',
          textShadow:
            style.shadow > 0
              ? `${Math.max(1, Math.round(style.shadow * 20))}px ${Math.max(1, Math.round(style.shadow * 20))}px 0 rgba(0, 0, 0, 0.5)`
              : undefined,
        }}
      >
        Aa
      </span>
    </span>
  );
}

type Editing = { record?: SubtitleStyleRecord; initial: StyleDraft; key: string };

/** Subtitle styles for burned-in subtitles: the built-in ones (read-only, can be duplicated) and the user's own. */
export function SubtitleStylesView({ client }: { client: ApiClient }) {
  const { styles, loaded, error, load, reloadStyles } = useCatalog();
  const [editing, setEditing] = useState<Editing>();
  const push = useNotices((s) => s.push);
  useEffect(() => {
    void load(client);
  }, [client, load]);

  const duplicate = (style: SubtitleStyleRecord) =>
    setEditing({
      initial: draftOfStyle(
        style,
        duplicateName(
          style.name,
          styles.map((s) => s.name),
        ),
      ),
      key: `copy-${style.subtitle_style_id}`,
    });
  const close = (saved?: SubtitleStyleRecord) => {
    setEditing(undefined);
    if (!saved) return;
    push(`Saved the subtitle style ${saved.name}.`);
    void reloadStyles(client).catch(() => undefined);
  };
  const remove = async (style: SubtitleStyleRecord) => {
    try {
      await client.deleteSubtitleStyle(style.subtitle_style_id);
      push(`Deleted the subtitle style ${style.name}.`);
      await reloadStyles(client);
    } catch (failure) {
      push(messageOf(failure), 'error');
    }
  };

  return (
    <section className="library" aria-labelledby="styles-title">
      <div className="section-head">
        <h2 id="styles-title">Subtitle styles</h2>
      </div>
      <p className="muted">
        How burned-in subtitles look (translate tasks with “Add subtitles to the video”). Built-in styles cannot be
        changed: duplicate one to make your own.
      </p>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      {!loaded && !error ? <p aria-busy="true">Loading subtitle styles…</p> : null}
      {editing ? (
        <StyleEditor
          key={editing.key}
          client={client}
          record={editing.record}
          initial={editing.initial}
          onClose={close}
        />
      ) : null}
      <ul className="plain library-list" aria-label="Subtitle styles">
        {styles.map((style) => (
          <li key={style.subtitle_style_id} className="library-item" data-builtin={style.builtin ? true : undefined}>
            <Swatch style={style} />
            <div className="library-item-text">
              <strong>{style.name}</strong>
              {style.builtin ? <span className="badge">Built-in · read-only</span> : null}
              <p className="muted">
                {style.font_family} · {percentOf(style.font_size)} % ·{' '}
                {style.box ? 'box' : `outline ${percentOf(style.outline_width)} %`}
                {style.shadow > 0 ? ` · shadow ${percentOf(style.shadow)} %` : ''} · {style.alignment}
                {style.bold ? ' · bold' : ''}
                {style.italic ? ' · italic' : ''}
              </p>
            </div>
            <div className="task-actions">
              <button
                type="button"
                className="secondary small"
                aria-label={`Duplicate ${style.name}`}
                disabled={editing !== undefined}
                onClick={() => duplicate(style)}
              >
                Duplicate
              </button>
              {style.builtin ? null : (
                <>
                  <button
                    type="button"
                    className="secondary small"
                    aria-label={`Edit ${style.name}`}
                    disabled={editing !== undefined}
                    onClick={() =>
                      setEditing({ record: style, initial: draftOfStyle(style), key: style.subtitle_style_id })
                    }
                  >
                    Edit
                  </button>
                  <ConfirmButton
                    label="Delete"
                    confirmLabel="Really delete?"
                    ariaLabel={`Delete ${style.name}`}
                    confirmAriaLabel={`Confirm deleting ${style.name}`}
                    onConfirm={() => remove(style)}
                  />
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
