// Draws the timeline's canvas: the ruler, the waveform, one bar per line in view, and the playhead.
import type { ProjectSegment } from '../../api/client.js';
import { formatMediaTime } from '../../lib/format.js';
import { gridStep, secondsToX, visibleSegmentRange, xToSeconds, type TimeRange } from './timeline-math.js';
import type { Drag } from './useTimelineDrag.js';

export const HEIGHT = 132;
const RULER = 16;
const LANE_TOP = RULER + 2;
const LANE_HEIGHT = 24;
const WAVE_TOP = LANE_TOP + LANE_HEIGHT + 4;

function cssColour(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

const STATUS_FILL: Record<ProjectSegment['status'], string> = {
  ok: '#2f6fde',
  edited: '#b7791f',
  regenerated: '#17803d',
  too_long: '#b42318',
};

/** What is drawn besides the view and the playhead. */
export interface TimelineContent {
  segments: readonly ProjectSegment[];
  peaks?: readonly number[];
  selectedIndex?: number;
  needsReview?: readonly boolean[];
  duration: number;
}

/** Draws the view `range` of the timeline on `element`, with the bar being dragged where the drag has it. */
export function draw(
  element: HTMLCanvasElement,
  range: TimeRange,
  props: TimelineContent,
  drag: Drag | undefined,
  time: number,
): void {
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
      const half = Math.max(0.5, (peak * waveHeight) / 2);
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
