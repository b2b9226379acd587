import { useMemo, type RefObject } from 'react';
import type { ProjectSegment } from '../../api/client.js';
import { useNotices } from '../../stores/notices.js';
import type { ProjectEditor } from './project-editor.js';
import { nextFlagged } from './review-lines.js';
import type { RowActions } from './SegmentRow.js';
import type { SegmentTableHandle } from './SegmentTable.js';

/** What the rows read at the moment of an action (kept in a ref, so the actions stay the same object). */
export interface LatestRows {
  shown: ProjectSegment[];
  flagged: number[];
  onlyReview: boolean;
}

interface RowActionRefs {
  latest: RefObject<LatestRows>;
  media: RefObject<HTMLVideoElement | null>;
  table: RefObject<SegmentTableHandle | null>;
  /** Where playing a line stops (its end), or undefined to play on. */
  stopAt: RefObject<number | undefined>;
}

/** The segment table's actions on the editor and the player. */
export function useRowActions(editor: ProjectEditor, select: (index: number) => void, refs: RowActionRefs): RowActions {
  const push = useNotices((s) => s.push);
  const { latest, media, table, stopAt } = refs;
  return useMemo<RowActions>(() => {
    const play = (index: number, untilEnd: boolean) => {
      const segment = latest.current.shown[index];
      const element = media.current;
      if (!segment || !element) return;
      element.currentTime = segment.start;
      stopAt.current = untilEnd ? segment.end : undefined;
      void element.play().catch(() => undefined);
    };
    return {
      edit: (segmentId, fields, now) => editor.edit(segmentId, fields, { now }),
      flush: (segmentId) => editor.flush(segmentId),
      select: (index) => select(index),
      playLine: (index) => play(index, true),
      playFrom: (index) => play(index, false),
      regenerate: (segmentId) => void editor.regenerate(segmentId),
      retranslate: (segmentId) => void editor.retranslate(segmentId),
      split: (segmentId) => void editor.split(segmentId, media.current?.currentTime ?? 0),
      mergeWithNext: (segmentId) => void editor.mergeWithNext(segmentId),
      reload: (segmentId) =>
        void editor
          .resolveConflict(segmentId)
          .catch((error: Error) => push(`Could not reload: ${error.message}`, 'error')),
      applyYours: (segmentId) => editor.applyYours(segmentId),
      dismissYours: (segmentId) => editor.dismissYours(segmentId),
      nextTarget: (index) => {
        // With the review filter on, the next line shown is the next one to review.
        const next = latest.current.onlyReview ? nextFlagged(latest.current.flagged, index) : index + 1;
        if (next !== undefined) table.current?.focusLine(next);
      },
    };
  }, [editor, push, select, latest, media, table, stopAt]);
}
