import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import type { ProjectSegment } from '../../api/client.js';
import { formatMediaTime } from '../../lib/format.js';
import {
  clampRange, dragTimes, gridStep, hitTest, rangeShowing, secondsToX, SNAP_PX, visibleSegmentRange, xToSeconds,
  type DragMode, type Span, type TimeRange,
} from './timeline-math.js';

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

const HEIGHT = 132;
const RULER = 16;
const LANE_TOP = RULER + 2;
const LANE_HEIGHT = 24;
const WAVE_TOP = LANE_TOP + LANE_HEIGHT + 4;
const ZOOMS = [5, 10, 30, 60, 300];

interface Drag {
  index: number;
  mode: DragMode;
  from: Span;
  downX: number;
  moved: boolean;
  times?: Span;
}

function cssColour(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

const STATUS_FILL: Record<ProjectSegment['status'], string> = { ok: '#2f6fde', edited: '#b7791f', regenerated: '#17803d', too_long: '#b42318' };

/**
 * The input's waveform with one bar per line above it, drawn on a canvas for the visible time range only:
 * drag a bar's body to move the line, its edges to resize it (saved on drop); click to seek.
 */
export function Timeline({ segments, duration, peaks, media, selectedIndex, needsReview, noOverlap, onSeek, onSelect, onRetime, onFrame }: TimelineProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [range, setRange] = useState<TimeRange>({ start: 0, span: Math.min(Math.max(duration, 0.5), 30), width: 800 });
  const rangeRef = useRef(range);
  rangeRef.current = range;
  const props = useRef({ segments, peaks, selectedIndex, needsReview, onFrame, duration });
  props.current = { segments, peaks, selectedIndex, needsReview, onFrame, duration };
  const drag = useRef<Drag | undefined>(undefined);
  const dirty = useRef(true);
  dirty.current = true;

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
    setRange((current) => clampRange({ ...current, span: current.span > 0.5 ? current.span : Math.min(duration, 30) }, duration));
  }, [duration]);

  // A line chosen in the table comes into view.
  useEffect(() => {
    const segment = selectedIndex === undefined ? undefined : segments[selectedIndex];
    if (!segment) return;
    setRange((current) => (segment.start >= current.start && segment.end <= current.start + current.span ? current : clampRange({ ...current, start: segment.start - current.span * 0.1 }, duration)));
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

  const pointerX = (event: PointerEvent<HTMLCanvasElement>) => event.clientX - event.currentTarget.getBoundingClientRect().left;

  const timesFor = (current: Drag, x: number): Span => {
    const view = rangeRef.current;
    const list = props.current.segments;
    const previous = noOverlap ? list[current.index - 1] : undefined;
    const next = noOverlap ? list[current.index + 1] : undefined;
    const playhead = media.current?.currentTime;
    return dragTimes({
      mode: current.mode, from: current.from, delta: ((x - current.downX) / view.width) * view.span, duration: props.current.duration,
      previousEnd: previous?.end, nextStart: next?.start, grid: gridStep(view), tolerance: (SNAP_PX / view.width) * view.span,
      targets: [previous?.end, next?.start, playhead].filter((value): value is number => value !== undefined),
    });
  };

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    if (event.button !== 0) return;
    const x = pointerX(event);
    const hit = hitTest(props.current.segments, rangeRef.current, x);
    event.currentTarget.setPointerCapture(event.pointerId);
    const segment = hit ? props.current.segments[hit.index]! : undefined;
    drag.current = hit && segment ? { index: hit.index, mode: hit.mode, from: { start: segment.start, end: segment.end }, downX: x, moved: false } : { index: -1, mode: 'move', from: { start: 0, end: 0 }, downX: x, moved: false };
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

  function onWheel(event: WheelEvent) {
    event.preventDefault();
    const view = rangeRef.current;
    if (event.ctrlKey || event.metaKey) {
      const factor = event.deltaY > 0 ? 1.25 : 0.8;
      const anchor = xToSeconds(view, event.offsetX);
      const span = view.span * factor;
      setRange(clampRange({ ...view, span, start: anchor - (event.offsetX / view.width) * span }, props.current.duration));
    } else {
      const delta = (Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.deltaY) / view.width * view.span;
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
    onRetime(selectedIndex, dragTimes({ mode: 'move', from: segment, delta: step, duration, previousEnd: previous?.end, nextStart: next?.start, grid: 0.01, tolerance: 0 }));
  }

  const zoomChoices = ZOOMS.filter((seconds) => seconds < duration);
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
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => { drag.current = undefined; dirty.current = true; }}
        onKeyDown={onKeyDown}
      />
      <div className="project-timeline-controls">
        <label>
          Show
          <select aria-label="Seconds shown on the timeline" value={zoomChoices.includes(range.span) ? range.span : 'all'} onChange={(event) => {
            const span = event.target.value === 'all' ? duration : Number(event.target.value);
            setRange((current) => clampRange({ ...current, span, start: (media.current?.currentTime ?? current.start) - span * 0.1 }, duration));
          }}>
            {zoomChoices.map((seconds) => <option key={seconds} value={seconds}>{seconds < 60 ? `${seconds} s` : `${seconds / 60} min`}</option>)}
            <option value="all">All</option>
          </select>
        </label>
        <input
          type="range"
          aria-label="Timeline position"
          min={0}
          max={Math.max(0, duration - range.span)}
          step={0.05}
          value={range.start}
          aria-valuetext={`${formatMediaTime(range.start)} to ${formatMediaTime(range.start + range.span)}`}
          onChange={(event) => setRange((current) => clampRange({ ...current, start: Number(event.target.value) }, duration))}
        />
        <span className="muted time">{formatMediaTime(range.start)}–{formatMediaTime(range.start + range.span)}</span>
      </div>
    </div>
  );
}

function draw(element: HTMLCanvasElement, range: TimeRange, props: { segments: readonly ProjectSegment[]; peaks?: readonly number[]; selectedIndex?: number; needsReview?: readonly boolean[]; duration: number }, drag: Drag | undefined, time: number): void {
  const ratio = window.devicePixelRatio || 1;
  const width = range.width;
  if (element.width !== Math.round(width * ratio) || element.height !== Math.round(HEIGHT * ratio)) {
    element.width = Math.round(width * ratio);
    element.height = Math.round(HEIGHT * ratio);
  }
  const context = element.getContext('2d');
  if (!context) return;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, HEIGHT);
  const text = cssColour(element, '--text', '#1b1f24');
  const muted = cssColour(element, '--muted', '#5b6470');
  const surface = cssColour(element, '--surface-2', '#eef1f5');
  const review = cssColour(element, '--review', '#a15c00');
  context.fillStyle = surface;
  context.fillRect(0, 0, width, HEIGHT);

  // Ruler: a tick about every 80 px, labelled.
  const tick = gridStep(range, 80);
  context.fillStyle = muted;
  context.font = '10px system-ui, sans-serif';
  context.textBaseline = 'top';
  for (let t = Math.ceil(range.start / tick) * tick; t <= range.start + range.span; t += tick) {
    const x = Math.round(secondsToX(range, t)) + 0.5;
    context.fillRect(x, 0, 1, 5);
    context.fillText(formatMediaTime(t), x + 2, 3);
  }

  // Waveform: the loudest peak under each pixel column.
  const peaks = props.peaks;
  const waveHeight = HEIGHT - WAVE_TOP - 2;
  const middle = WAVE_TOP + waveHeight / 2;
  if (peaks && peaks.length > 0 && props.duration > 0) {
    context.fillStyle = muted;
    const perSecond = peaks.length / props.duration;
    for (let x = 0; x < width; x++) {
      const from = Math.floor(xToSeconds(range, x) * perSecond);
      const to = Math.max(from + 1, Math.floor(xToSeconds(range, x + 1) * perSecond));
      let peak = 0;
      for (let i = Math.max(0, from); i < Math.min(peaks.length, to); i++) peak = Math.max(peak, peaks[i]!);
      const half = Math.max(0.5, peak * waveHeight / 2);
      context.fillRect(x, middle - half, 1, half * 2);
    }
  }

  // Bars: only the lines in view.
  const segments = props.segments;
  const [first, last] = visibleSegmentRange(segments, range);
  context.textBaseline = 'middle';
  context.font = '11px system-ui, sans-serif';
  for (let i = first; i < last; i++) {
    const segment = segments[i]!;
    const times = drag?.index === i && drag.times ? drag.times : segment;
    const left = secondsToX(range, times.start);
    const right = secondsToX(range, times.end);
    const selected = props.selectedIndex === i;
    context.globalAlpha = 0.14;
    context.fillStyle = STATUS_FILL[segment.status];
    context.fillRect(left, WAVE_TOP, right - left, waveHeight);
    context.globalAlpha = selected ? 1 : 0.75;
    context.fillRect(left, LANE_TOP, Math.max(1, right - left), LANE_HEIGHT);
    context.globalAlpha = 1;
    if (selected) {
      context.strokeStyle = text;
      context.lineWidth = 2;
      context.strokeRect(left + 1, LANE_TOP + 1, Math.max(1, right - left - 2), LANE_HEIGHT - 2);
    }
    if (props.needsReview?.[i]) {
      context.fillStyle = review;
      context.fillRect(left, LANE_TOP + LANE_HEIGHT + 1, Math.max(2, right - left), 3);
    }
    if (right - left > 18) {
      context.fillStyle = '#ffffff';
      context.fillText(String(i + 1), left + 4, LANE_TOP + LANE_HEIGHT / 2, right - left - 6);
    }
  }

  // Playhead.
  const x = secondsToX(range, time);
  if (x >= 0 && x <= width) {
    context.fillStyle = '#d9342b';
    context.fillRect(Math.round(x) - 1, 0, 2, HEIGHT);
  }
}
