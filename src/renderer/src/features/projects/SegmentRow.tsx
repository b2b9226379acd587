import { memo, useState, type KeyboardEvent } from 'react';
import type { ProjectSegment, ReviewItem, VoiceRecord } from '../../api/client.js';
import type { LineState } from './project-editor.js';
import { fitLabel, formatLineTime, lineSaveLabel, segmentStatusLabel } from './segment-labels.js';
import { withDraft, type SegmentFields } from './segment-fields.js';
import { ReviewMark } from './ReviewMark.js';

/** What a row can ask of the editor; one stable object for all rows, so a row re-renders only when its own line changes. */
export interface RowActions {
  edit(segmentId: string, fields: SegmentFields, now?: boolean): void;
  flush(segmentId: string): void;
  select(index: number): void;
  playLine(index: number): void;
  playFrom(index: number): void;
  regenerate(segmentId: string): void;
  retranslate(segmentId: string): void;
  split(segmentId: string): void;
  mergeWithNext(segmentId: string): void;
  reload(segmentId: string): void;
  applyYours(segmentId: string): void;
  dismissYours(segmentId: string): void;
  /** Enter in a target cell: on to the next line's target. */
  nextTarget(index: number): void;
}

/**
 * A line's voice: only the chosen option is rendered until the select is used, since a thousand rows scrolling past
 * would otherwise build every voice's option each time a row comes into view.
 */
function VoiceSelect({
  label,
  value,
  voices,
  onChange,
}: {
  label: string;
  value: string | null;
  voices: readonly VoiceRecord[];
  onChange(voiceId: string | null): void;
}) {
  const [full, setFull] = useState(false);
  const chosen = value ? voices.find((voice) => voice.voice_id === value) : undefined;
  return (
    <select
      aria-label={label}
      value={value ?? ''}
      onFocus={() => setFull(true)}
      onPointerDown={() => setFull(true)}
      onChange={(event) => onChange(event.target.value || null)}
    >
      <option value="">Speaker&apos;s voice</option>
      {full ? (
        voices.map((voice) => (
          <option key={voice.voice_id} value={voice.voice_id}>
            {voice.name}
          </option>
        ))
      ) : chosen ? (
        <option value={chosen.voice_id}>{chosen.name}</option>
      ) : null}
      {value && !voices.some((voice) => voice.voice_id === value) ? <option value={value}>{value}</option> : null}
    </select>
  );
}

interface SegmentRowProps {
  index: number;
  count: number;
  segment: ProjectSegment;
  draft?: SegmentFields;
  line?: LineState;
  visual: boolean;
  voices: readonly VoiceRecord[];
  selected: boolean;
  playing: boolean;
  /** The places of the origin task's quality report that concern this line. */
  review?: readonly ReviewItem[];
  top: number;
  actions: RowActions;
}

const BOX_PARTS = ['x', 'y', 'width', 'height'] as const;
const BOX_NAMES = {
  x: 'Left edge (fraction of the width)',
  y: 'Top edge (fraction of the height)',
  width: 'Width (fraction)',
  height: 'Height (fraction)',
};

export const SegmentRow = memo(function SegmentRow({
  index,
  count,
  segment: saved,
  draft,
  line,
  visual,
  voices,
  selected,
  playing,
  review,
  top,
  actions,
}: SegmentRowProps) {
  const segment = withDraft(saved, draft);
  const id = segment.segment_id;
  const number = index + 1;
  const saving = lineSaveLabel(line, Boolean(draft));
  const busy = Boolean(line?.busy);

  function onRowKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (
      !visual &&
      ((event.key === 'Enter' && (event.ctrlKey || event.metaKey)) || (event.altKey && event.code === 'KeyR'))
    ) {
      event.preventDefault();
      actions.regenerate(id);
    }
  }

  function onTargetKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (
      event.key !== 'Enter' ||
      event.shiftKey ||
      event.ctrlKey ||
      event.metaKey ||
      event.altKey ||
      event.nativeEvent.isComposing
    )
      return;
    event.preventDefault();
    actions.flush(id);
    actions.nextTarget(index);
  }

  return (
    <div
      className="segment-row"
      role="row"
      data-index={index}
      data-segment-id={id}
      data-status={saved.status}
      data-review={review ? 'true' : undefined}
      aria-rowindex={index + 2}
      aria-selected={selected}
      aria-current={playing ? 'true' : undefined}
      style={{ transform: `translateY(${top}px)` }}
      onFocus={() => actions.select(index)}
      onKeyDown={onRowKeyDown}
    >
      <div role="cell" className="segment-number">
        {number}
      </div>
      <div role="cell" className="segment-time">
        <button
          type="button"
          className="link"
          onClick={() => actions.playLine(index)}
          aria-label={`Line ${number}: ${formatLineTime(segment.start)} to ${formatLineTime(segment.end)}. Play it`}
        >
          {formatLineTime(segment.start)}
          <br />
          {formatLineTime(segment.end)}
        </button>
      </div>
      {visual ? null : (
        <div role="cell" className="segment-speaker" title={segment.speaker}>
          {segment.speaker ?? '—'}
        </div>
      )}
      <div role="cell" className="segment-text">
        <textarea
          aria-label={`Source of line ${number}`}
          data-field="source_text"
          value={segment.source_text}
          onChange={(event) => actions.edit(id, { source_text: event.target.value })}
          onBlur={() => actions.flush(id)}
        />
      </div>
      <div role="cell" className="segment-text">
        <textarea
          aria-label={`Translation of line ${number}`}
          data-field="target_text"
          value={segment.target_text}
          onChange={(event) => actions.edit(id, { target_text: event.target.value })}
          onBlur={() => actions.flush(id)}
          onKeyDown={onTargetKeyDown}
        />
      </div>
      {visual ? (
        <SegmentBox segment={segment} number={number} actions={actions} />
      ) : (
        <div role="cell" className="segment-voice">
          <VoiceSelect
            label={`Voice of line ${number}`}
            value={segment.voice_id ?? null}
            voices={voices}
            onChange={(voiceId) => actions.edit(id, { voice_id: voiceId }, true)}
          />
        </div>
      )}
      <SegmentState saved={saved} line={line} review={review} saving={saving} actions={actions} />
      <SegmentActions
        index={index}
        count={count}
        id={id}
        visual={visual}
        busy={busy}
        hasSource={Boolean(segment.source_text.trim())}
        actions={actions}
      />
    </div>
  );
});

/** A line's state: its review marks, status, fit, what is being done to it, and a save that failed or conflicted. */
function SegmentState({
  saved,
  line,
  review,
  saving,
  actions,
}: Pick<SegmentRowProps, 'line' | 'review' | 'actions'> & { saved: ProjectSegment; saving: string | undefined }) {
  const id = saved.segment_id;
  const status = segmentStatusLabel(saved.status);
  const fit = fitLabel(saved.fit);
  return (
    <div role="cell" className="segment-state">
      {review ? <ReviewMark items={review} /> : null}
      {status ? (
        <span className="chip" data-status={saved.status}>
          {status}
        </span>
      ) : null}
      {fit ? (
        <span
          className="fit muted"
          title={`Spoken ${saved.fit!.speech_seconds.toFixed(2)} s in ${saved.fit!.room_seconds.toFixed(2)} s`}
        >
          {fit}
        </span>
      ) : null}
      {line?.busy ? (
        <span className="muted" aria-live="polite">
          {line.busy}
        </span>
      ) : null}
      {line?.conflict ? (
        <span className="line-problem" role="alert">
          Changed elsewhere (another tab):{' '}
          <button type="button" className="link" onClick={() => actions.reload(id)}>
            Reload
          </button>
        </span>
      ) : saving ? (
        <span className={line?.retrying ? 'line-problem' : 'muted'}>{saving}</span>
      ) : null}
      {line?.yours ? (
        <span
          className="line-problem"
          title={Object.values(line.yours)
            .filter((value) => typeof value === 'string')
            .join(' / ')}
        >
          Your edit kept:{' '}
          <button type="button" className="link" onClick={() => actions.applyYours(id)}>
            Apply again
          </button>{' '}
          ·{' '}
          <button type="button" className="link" onClick={() => actions.dismissYours(id)}>
            Drop
          </button>
        </span>
      ) : null}
      {line?.error ? (
        <span className="line-problem" role="alert" title={line.error}>
          {line.error}
        </span>
      ) : null}
    </div>
  );
}

/** A visual line's box: four fractions of the frame. */
function SegmentBox({ segment, number, actions }: { segment: ProjectSegment; number: number; actions: RowActions }) {
  return (
    <div role="cell" className="segment-box">
      {BOX_PARTS.map((part) => (
        <label key={part} className="box-part" title={BOX_NAMES[part]}>
          <span aria-hidden="true">{part[0]}</span>
          <input
            type="number"
            min={0}
            max={1}
            step={0.01}
            aria-label={`Box ${part} of line ${number}`}
            value={segment.box ? Number(segment.box[part].toFixed(3)) : ''}
            disabled={!segment.box}
            onChange={(event) =>
              segment.box &&
              event.target.value !== '' &&
              actions.edit(segment.segment_id, { box: { ...segment.box, [part]: Number(event.target.value) } })
            }
            onBlur={() => actions.flush(segment.segment_id)}
          />
        </label>
      ))}
    </div>
  );
}

/** Play, play from here, regenerate, translate again, split and merge. */
function SegmentActions(props: {
  index: number;
  count: number;
  id: string;
  visual: boolean;
  busy: boolean;
  hasSource: boolean;
  actions: RowActions;
}) {
  const { index, count, id, visual, busy, hasSource, actions } = props;
  const number = index + 1;
  return (
    <div role="cell" className="segment-actions">
      <button
        type="button"
        className="secondary small"
        onClick={() => actions.playLine(index)}
        aria-label={`Play line ${number}`}
      >
        Play
      </button>
      <button
        type="button"
        className="secondary small"
        onClick={() => actions.playFrom(index)}
        aria-label={`Play from line ${number}`}
      >
        From here
      </button>
      {visual ? null : (
        <button
          type="button"
          className="secondary small"
          disabled={busy}
          onClick={() => actions.regenerate(id)}
          aria-label={`Regenerate the voice of line ${number}`}
          title="Regenerate the voice (Ctrl+Enter or Alt+R)"
        >
          Voice
        </button>
      )}
      <button
        type="button"
        className="secondary small"
        disabled={busy || !hasSource}
        onClick={() => actions.retranslate(id)}
        aria-label={`Translate line ${number} again`}
      >
        Translate
      </button>
      <button
        type="button"
        className="secondary small"
        disabled={busy}
        onClick={() => actions.split(id)}
        aria-label={`Split line ${number} at the playhead`}
      >
        Split
      </button>
      <button
        type="button"
        className="secondary small"
        disabled={busy || index === count - 1}
        onClick={() => actions.mergeWithNext(id)}
        aria-label={`Merge line ${number} with the next`}
      >
        Merge
      </button>
    </div>
  );
}
