import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { ProjectSegment } from '../../api/client.js';
import { draw, HEIGHT } from './timeline-canvas.js';
import { clampRange, dragTimes, rangeShowing, xToSeconds, type Span, type TimeRange } from './timeline-math.js';
import { TimelineControls } from './TimelineControls.js';
import { useTimelineDrag } from './useTimelineDrag.js';

interface TimelineProps {
  segments: readonly ProjectSegment[];
  duration: number;
  peaks?: readonly number[];
  media: RefObject<HTMLMediaElement | null>;
  selectedIndex?: number;
  /** Per line, whether the quality report asks to look at it (drawn as a mark under its bar). */
  needsReview?: readonly boolean[];
  /** Dubbed lines are spoken in turn: a bar stops at its neighbours (visual text may overlap). */
  noOverlap: boolean;
  onSeek(seconds: number): void;
  onSelect(index: number): void;
  onRetime(index: number, times: Span): void;
  /** Every animation frame, with the media's time (playback stops at a line's end through this). */
  onFrame?(seconds: number): void;
}

/**
 * The input's waveform with one bar per line above it, drawn on a canvas for the visible time range only:
 * drag a bar's body to move the line, its edges to resize it (saved on drop); click to seek.
 */
export function Timeline({
  segments,
  duration,
  peaks,
  media,
  selectedIndex,
  needsReview,
  noOverlap,
  onSeek,
  onSelect,
  onRetime,
  onFrame,
}: TimelineProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [range, setRange] = useState<TimeRange>({ start: 0, span: Math.min(Math.max(duration, 0.5), 30), width: 800 });
  const rangeRef = useRef(range);
  rangeRef.current = range;
  const props = useRef({ segments, peaks, selectedIndex, needsReview, onFrame, duration });
  props.current = { segments, peaks, selectedIndex, needsReview, onFrame, duration };
  const dirty = useRef(true);
  dirty.current = true;
  const { drag, handlers } = useTimelineDrag({ rangeRef, props, dirty, media, noOverlap, onSeek, onSelect, onRetime });

  // The canvas follows its box's width (and the screen's pixel density).
  useLayoutEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const measure = () => {
      const width = Math.max(100, Math.floor(element.clientWidth));
      setRange((current) => clampRange({ ...current, width }, props.current.duration));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    // A duration learnt late (from the waveform) gives the first real span.
    setRange((current) =>
      clampRange({ ...current, span: current.span > 0.5 ? current.span : Math.min(duration, 30) }, duration),
    );
  }, [duration]);

  // A line chosen in the table comes into view.
  useEffect(() => {
    const segment = selectedIndex === undefined ? undefined : segments[selectedIndex];
    if (!segment) return;
    setRange((current) =>
      segment.start >= current.start && segment.end <= current.start + current.span
        ? current
        : clampRange({ ...current, start: segment.start - current.span * 0.1 }, duration),
    );
    // Only a new selection moves the view, not the lines' edits.
  }, [selectedIndex]);

  // One loop draws when something changed or the playhead moved, and pages the view along with playback.
  useEffect(() => {
    let frame = 0;
    let lastTime = -1;
    const tick = () => {
      frame = requestAnimationFrame(tick);
      const element = canvas.current;
      if (!element) return;
      const time = media.current?.currentTime ?? 0;
      props.current.onFrame?.(time);
      if (media.current && !media.current.paused && !drag.current) {
        const next = rangeShowing(rangeRef.current, time, props.current.duration);
        if (next !== rangeRef.current) {
          rangeRef.current = next;
          setRange(next);
        }
      }
      if (!dirty.current && time === lastTime) return;
      dirty.current = false;
      lastTime = time;
      draw(element, rangeRef.current, props.current, drag.current, time);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [media]);

  function onWheel(event: WheelEvent) {
    event.preventDefault();
    const view = rangeRef.current;
    if (event.ctrlKey || event.metaKey) {
      const factor = event.deltaY > 0 ? 1.25 : 0.8;
      const anchor = xToSeconds(view, event.offsetX);
      const span = view.span * factor;
      setRange(
        clampRange({ ...view, span, start: anchor - (event.offsetX / view.width) * span }, props.current.duration),
      );
    } else {
      const delta =
        ((Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.deltaY) / view.width) * view.span;
      setRange(clampRange({ ...view, start: view.start + delta }, props.current.duration));
    }
  }

  useEffect(() => {
    const element = canvas.current;
    element?.addEventListener('wheel', onWheel, { passive: false });
    return () => element?.removeEventListener('wheel', onWheel);
  });

  // With a line selected, the arrow keys move it by 0.1 s (Shift: 1 s), as a drag would.
  function onKeyDown(event: KeyboardEvent<HTMLCanvasElement>) {
    if (selectedIndex === undefined || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    const segment = segments[selectedIndex];
    if (!segment) return;
    event.preventDefault();
    const step = (event.shiftKey ? 1 : 0.1) * (event.key === 'ArrowLeft' ? -1 : 1);
    const previous = noOverlap ? segments[selectedIndex - 1] : undefined;
    const next = noOverlap ? segments[selectedIndex + 1] : undefined;
    onRetime(
      selectedIndex,
      dragTimes({
        mode: 'move',
        from: segment,
        delta: step,
        duration,
        previousEnd: previous?.end,
        nextStart: next?.start,
        grid: 0.01,
        tolerance: 0,
      }),
    );
  }

  return (
    <div className="project-timeline">
      <canvas
        ref={canvas}
        className="project-timeline-canvas"
        height={HEIGHT}
        tabIndex={0}
        aria-label="Timeline: click to seek; drag a line's bar to move it, its edges to change its start or end; with a line selected, the arrow keys move it"
        data-range-start={range.start}
        data-range-span={range.span}
        onPointerDown={handlers.onPointerDown}
        onPointerMove={handlers.onPointerMove}
        onPointerUp={handlers.onPointerUp}
        onPointerCancel={handlers.onPointerCancel}
        onKeyDown={onKeyDown}
      />
      <TimelineControls range={range} duration={duration} media={media} setRange={setRange} />
    </div>
  );
}
