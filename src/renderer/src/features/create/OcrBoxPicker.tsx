import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Field } from '../../components/Field.js';
import type { FieldErrors } from './validation.js';
import {
  boxAfterKey,
  boxFromFields,
  boxFromPoints,
  boxToFields,
  describeBox,
  hasBoxFields,
  moveBox,
  oppositeCorner,
  pointIn,
  type Corner,
  type OcrBox,
  type Point,
} from './ocr-box.js';
import { useVideoFrame } from './useVideoFrame.js';

export interface OcrBoxFields {
  ocr_x: string;
  ocr_y: string;
  ocr_width: string;
  ocr_height: string;
}

interface OcrBoxPickerProps {
  fields: OcrBoxFields;
  onChange(fields: OcrBoxFields): void;
  /** The video whose frame is drawn on; `frameUrl` undefined when the browser cannot open it (a dialog-chosen path). */
  video?: { name: string; frameUrl?: string };
  /** Set when the box cannot be used now; says why in a sentence. */
  disabledReason?: string;
  /** Said under the numbers, e.g. that audio files of a batch are sent without the box. */
  note?: string;
  errors: FieldErrors;
}

type Drag = { mode: 'draw' | 'resize'; anchor: Point } | { mode: 'move'; start: Point; from: OcrBox };

const CORNERS: Corner[] = ['nw', 'ne', 'sw', 'se'];
const PARTS = [
  { part: 'x', key: 'ocr_x', label: 'x (left edge)' },
  { part: 'y', key: 'ocr_y', label: 'y (top edge)' },
  { part: 'width', key: 'ocr_width', label: 'width' },
  { part: 'height', key: 'ocr_height', label: 'height' },
] as const;

const FRAME_STATUS = {
  none: 'No frame can be shown for a file chosen with the dialog; drag the video into the window to see it, or draw on this blank frame.',
  loading: 'Loading a frame…',
  failed: 'This video cannot be shown here; the box can still be drawn on this blank frame or typed below.',
  ready: '',
} as const;

/**
 * ocr_text_box drawn on a frame of the video: drag to draw, drag the box to move it, drag a corner to resize; arrow
 * keys move it and shift+arrows resize it. The four numbers below show the box and can be typed as well.
 */
export function OcrBoxPicker({ fields, onChange, video, disabledReason, note, errors }: OcrBoxPickerProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const surface = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag>(undefined);
  const [frameAt, setFrameAt] = useState<number>();
  const frame = useVideoFrame(video?.frameUrl, canvas, frameAt);
  const box = boxFromFields(fields);
  const disabled = Boolean(disabledReason);
  const set = (next: OcrBox | undefined) => onChange(boxToFields(next));
  const pointOf = (event: PointerEvent) =>
    pointIn(surface.current!.getBoundingClientRect(), event.clientX, event.clientY);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (disabled || event.button !== 0) return;
    const point = pointOf(event);
    const target = event.target as HTMLElement;
    const corner = target.dataset.corner as Corner | undefined;
    if (box && corner) drag.current = { mode: 'resize', anchor: oppositeCorner(box, corner) };
    else if (box && target.closest('.ocr-box-rect')) drag.current = { mode: 'move', start: point, from: box };
    else drag.current = { mode: 'draw', anchor: point };
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    event.preventDefault();
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current) return;
    const point = pointOf(event);
    if (current.mode === 'move') set(moveBox(current.from, point.x - current.start.x, point.y - current.start.y));
    else {
      const next = boxFromPoints(current.anchor, point);
      if (next) set(next);
    }
  }

  function endDrag(event: PointerEvent<HTMLDivElement>) {
    drag.current = undefined;
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (disabled) return;
    const { handled, box: next } = boxAfterKey(box, event.key, event.shiftKey);
    if (!handled) return;
    event.preventDefault();
    set(next);
  }

  const frameCaption = video
    ? `Frame of ${video.name}${frame.state === 'ready' && frame.shownAtSec !== undefined ? ` at ${frame.shownAtSec.toFixed(1)} s` : ''}`
    : 'Frame';
  const describedBy = ['ocr-box-hint', disabledReason ? 'ocr-box-disabled' : ''].filter(Boolean).join(' ');

  return (
    <fieldset className="field ocr-box" aria-describedby={describedBy} data-disabled={disabled || undefined}>
      <legend>On-screen subtitles to read (ocr_text_box)</legend>
      <p id="ocr-box-hint" className="hint">
        Optional, videos only. Draw a box around the subtitles burned into the picture: DubDesk reads the text there
        instead of transcribing the speech. Default: no box.
      </p>
      {disabledReason ? (
        <p id="ocr-box-disabled" className="why-disabled">
          {disabledReason}
        </p>
      ) : null}
      {video ? (
        <div className="ocr-frame-wrap">
          <div
            ref={surface}
            className="ocr-frame"
            data-frame={frame.state}
            tabIndex={disabled ? -1 : 0}
            role="group"
            aria-label={`${frameCaption}: drawing area for the OCR text box`}
            aria-describedby="ocr-box-keys ocr-box-now"
            aria-disabled={disabled || undefined}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            onKeyDown={onKeyDown}
          >
            <canvas ref={canvas} width={640} height={360} aria-hidden="true" />
            {box ? <OcrBoxRect box={box} /> : null}
            {FRAME_STATUS[frame.state] ? <p className="ocr-frame-status">{FRAME_STATUS[frame.state]}</p> : null}
          </div>
          <p id="ocr-box-keys" className="hint">
            Mouse: drag on the frame to draw the box, drag the box to move it, drag a corner to resize it. Keyboard:
            focus the frame, then arrow keys move the box, Shift+arrow keys resize it, Delete removes it (an arrow key
            or Enter starts from the usual subtitle band).
          </p>
          <p id="ocr-box-now" className="muted" aria-live="polite">
            {describeBox(box)}
          </p>
          {frame.durationSec > 0 && !disabled ? (
            <label className="frame-time">
              Frame at
              <input
                type="range"
                min={0}
                max={frame.durationSec}
                step={0.1}
                value={frameAt ?? frame.shownAtSec ?? 0}
                onChange={(event) => setFrameAt(Number(event.target.value))}
              />
              <span className="muted">
                {(frame.shownAtSec ?? 0).toFixed(1)} s of {frame.durationSec.toFixed(1)} s
              </span>
            </label>
          ) : null}
        </div>
      ) : null}
      <OcrBoxNumbers fields={fields} onChange={onChange} disabled={disabled} errors={errors} />
      <p className="hint">Fractions of the frame, 0 to 1, measured from its top-left corner.{note ? ` ${note}` : ''}</p>
      <button
        type="button"
        className="secondary small"
        disabled={disabled || !hasBoxFields(fields)}
        onClick={() => set(undefined)}
      >
        Remove the box
      </button>
    </fieldset>
  );
}

/** The box drawn over the frame, with a handle on each corner. */
function OcrBoxRect({ box }: { box: OcrBox }) {
  return (
    <div
      className="ocr-box-rect"
      style={{
        left: `${box.x * 100}%`,
        top: `${box.y * 100}%`,
        width: `${box.width * 100}%`,
        height: `${box.height * 100}%`,
      }}
    >
      {CORNERS.map((corner) => (
        <span key={corner} className={`ocr-handle ${corner}`} data-corner={corner} />
      ))}
    </div>
  );
}

/** The box's four numbers, typed as well as drawn. */
function OcrBoxNumbers({
  fields,
  onChange,
  disabled,
  errors,
}: Pick<OcrBoxPickerProps, 'fields' | 'onChange' | 'errors'> & { disabled: boolean }) {
  return (
    <div className="form-grid four">
      {PARTS.map(({ part, key, label }) => (
        <Field key={part} id={`translate-ocr-${part}`} label={label} error={errors[`ocr_text_box.${part}`]}>
          <input
            type="number"
            min={0}
            max={1}
            step={0.001}
            value={fields[key]}
            disabled={disabled}
            onChange={(event) => onChange({ ...fields, [key]: event.target.value })}
          />
        </Field>
      ))}
    </div>
  );
}
