import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { useScrollViewport } from '../../lib/useScrollViewport.js';
import type { ProjectSegment, ReviewItem, VoiceRecord } from '../../api/client.js';
import { scrollToReveal, visibleRows } from '../jobs/virtual-window.js';
import type { LineState } from './project-editor.js';
import type { SegmentFields } from './segment-fields.js';
import { SegmentRow, type RowActions } from './SegmentRow.js';

/** Every row has this height (CSS .segment-row), so the window is computed without measuring rows. */
export const SEGMENT_ROW_HEIGHT = 88;

export interface SegmentTableHandle {
  /** Scrolls line `index` into view and focuses one of its fields. */
  focusLine(index: number, field?: 'target_text' | 'source_text'): void;
}

interface SegmentTableProps {
  segments: readonly ProjectSegment[];
  drafts: Record<string, SegmentFields>;
  lines: Record<string, LineState>;
  visual: boolean;
  voices: readonly VoiceRecord[];
  selectedIndex?: number;
  playingIndex?: number;
  /** Per line, the places of the origin task's quality report that concern it. */
  review?: readonly (ReviewItem[] | undefined)[];
  /** The lines shown, by index (a filter); all of them when left out. */
  rows?: readonly number[];
  actions: RowActions;
}

/** The lines, virtualized: only the rows in view (and a few around) are rendered, so a thousand lines scroll smoothly. */
export const SegmentTable = forwardRef<SegmentTableHandle, SegmentTableProps>(function SegmentTable(
  { segments, drafts, lines, visual, voices, selectedIndex, playingIndex, review, rows, actions },
  ref,
) {
  const { scroller, viewport, measure, onScroll } = useScrollViewport(400);
  const pendingFocus = useRef<{ index: number; field: string } | undefined>(undefined);
  const shownCount = rows ? rows.length : segments.length;

  useImperativeHandle(
    ref,
    () => ({
      focusLine(index, field = 'target_text') {
        const element = scroller.current;
        if (!element || index < 0 || index >= segments.length) return;
        // A line the filter hides cannot be focused.
        const position = rows ? rows.indexOf(index) : index;
        if (position < 0) return;
        const top = scrollToReveal(position, {
          scrollTop: element.scrollTop,
          viewportHeight: element.clientHeight,
          rowHeight: SEGMENT_ROW_HEIGHT,
        });
        if (top !== undefined) element.scrollTop = top;
        pendingFocus.current = { index, field };
        measure();
      },
    }),
    [segments.length, rows, scroller, measure],
  );

  // After a line was scrolled into the window, focus its field once it is rendered.
  useEffect(() => {
    const wanted = pendingFocus.current;
    if (!wanted) return;
    const field = scroller.current?.querySelector<HTMLElement>(
      `[data-index="${wanted.index}"] [data-field="${wanted.field}"]`,
    );
    if (field) {
      pendingFocus.current = undefined;
      field.focus();
    }
  });

  const range = visibleRows({
    scrollTop: viewport.scrollTop,
    viewportHeight: viewport.height,
    rowHeight: SEGMENT_ROW_HEIGHT,
    count: shownCount,
  });
  const positions = Array.from({ length: range.end - range.start }, (_, i) => range.start + i);
  return (
    <div
      className={`segment-table${visual ? ' visual' : ''}`}
      role="table"
      aria-label="Lines"
      aria-rowcount={segments.length + 1}
    >
      <div className="segment-head" role="row" aria-rowindex={1}>
        <span role="columnheader">#</span>
        <span role="columnheader">Time</span>
        {visual ? null : <span role="columnheader">Speaker</span>}
        <span role="columnheader">Source</span>
        <span role="columnheader">Translation</span>
        <span role="columnheader">{visual ? 'Box (x, y, w, h)' : 'Voice'}</span>
        <span role="columnheader">Status</span>
        <span role="columnheader">Actions</span>
      </div>
      <div className="segment-scroller" ref={scroller} onScroll={onScroll}>
        <div className="segment-rows" role="rowgroup" style={{ height: `${range.total}px` }}>
          {positions.map((position) => {
            const index = rows ? rows[position]! : position;
            const segment = segments[index]!;
            return (
              <SegmentRow
                key={segment.segment_id}
                index={index}
                count={segments.length}
                segment={segment}
                draft={drafts[segment.segment_id]}
                line={lines[segment.segment_id]}
                visual={visual}
                voices={voices}
                selected={selectedIndex === index}
                playing={playingIndex === index}
                review={review?.[index]}
                top={position * SEGMENT_ROW_HEIGHT}
                actions={actions}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
});
