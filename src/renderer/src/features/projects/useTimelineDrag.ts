import { useRef, type PointerEvent, type RefObject } from 'react';
import type { ProjectSegment } from '../../api/client.js';
import {
  dragTimes,
  gridStep,
  hitTest,
  SNAP_PX,
  xToSeconds,
  type DragMode,
  type Span,
  type TimeRange,
} from './timeline-math.js';

/** A press on the canvas: on a bar (index ≥ 0) it may become a drag of its line; elsewhere (index -1) it is a click to seek. */
export interface Drag {
  index: number;
  mode: DragMode;
  from: Span;
  downX: number;
  moved: boolean;
  times?: Span;
}

interface TimelineDragOptions {
  rangeRef: RefObject<TimeRange>;
  props: RefObject<{ segments: readonly ProjectSegment[]; duration: number }>;
  /** Set when the canvas must be drawn again. */
  dirty: RefObject<boolean>;
  media: RefObject<HTMLMediaElement | null>;
  noOverlap: boolean;
  onSeek(seconds: number): void;
  onSelect(index: number): void;
  onRetime(index: number, times: Span): void;
}

/** The timeline's pointer: a drag of a bar moves or resizes its line (saved on drop), a click seeks. */
export function useTimelineDrag({
  rangeRef,
  props,
  dirty,
  media,
  noOverlap,
  onSeek,
  onSelect,
  onRetime,
}: TimelineDragOptions) {
  const drag = useRef<Drag | undefined>(undefined);

  const pointerX = (event: PointerEvent<HTMLCanvasElement>) =>
    event.clientX - event.currentTarget.getBoundingClientRect().left;

  const timesFor = (current: Drag, x: number): Span => {
    const view = rangeRef.current;
    const list = props.current.segments;
    const previous = noOverlap ? list[current.index - 1] : undefined;
    const next = noOverlap ? list[current.index + 1] : undefined;
    const playhead = media.current?.currentTime;
    return dragTimes({
      mode: current.mode,
      from: current.from,
      delta: ((x - current.downX) / view.width) * view.span,
      duration: props.current.duration,
      previousEnd: previous?.end,
      nextStart: next?.start,
      grid: gridStep(view),
      tolerance: (SNAP_PX / view.width) * view.span,
      targets: [previous?.end, next?.start, playhead].filter((value): value is number => value !== undefined),
    });
  };

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    if (event.button !== 0) return;
    const x = pointerX(event);
    const hit = hitTest(props.current.segments, rangeRef.current, x);
    event.currentTarget.setPointerCapture(event.pointerId);
    const segment = hit ? props.current.segments[hit.index]! : undefined;
    drag.current =
      hit && segment
        ? { index: hit.index, mode: hit.mode, from: { start: segment.start, end: segment.end }, downX: x, moved: false }
        : { index: -1, mode: 'move', from: { start: 0, end: 0 }, downX: x, moved: false };
  }

  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    const x = pointerX(event);
    const current = drag.current;
    if (!current) {
      const hit = hitTest(props.current.segments, rangeRef.current, x);
      event.currentTarget.style.cursor = !hit ? 'pointer' : hit.mode === 'move' ? 'grab' : 'ew-resize';
      return;
    }
    if (current.index < 0) return;
    if (Math.abs(x - current.downX) > 3) current.moved = true;
    if (current.moved) {
      current.times = timesFor(current, x);
      dirty.current = true;
    }
  }

  function onPointerUp(event: PointerEvent<HTMLCanvasElement>) {
    const current = drag.current;
    drag.current = undefined;
    dirty.current = true;
    if (!current) return;
    const x = pointerX(event);
    if (current.index >= 0 && current.moved && current.times) {
      onSelect(current.index);
      onRetime(current.index, current.times);
      return;
    }
    if (current.index >= 0) onSelect(current.index);
    onSeek(Math.min(Math.max(0, xToSeconds(rangeRef.current, x)), props.current.duration));
  }

  const handlers = {
    onPointerDown,
    onPointerMove,
    onPointerUp,
    onPointerCancel: () => {
      drag.current = undefined;
      dirty.current = true;
    },
  };
  return { drag, handlers };
}
