import type { RefObject } from 'react';
import { formatMediaTime } from '../../lib/format.js';
import { clampRange, type TimeRange } from './timeline-math.js';

const ZOOMS = [5, 10, 30, 60, 300];

interface TimelineControlsProps {
  range: TimeRange;
  duration: number;
  media: RefObject<HTMLMediaElement | null>;
  setRange(change: (current: TimeRange) => TimeRange): void;
}

/** How many seconds the timeline shows, and where it is in the media. */
export function TimelineControls({ range, duration, media, setRange }: TimelineControlsProps) {
  const zoomChoices = ZOOMS.filter((seconds) => seconds < duration);
  return (
    <div className="project-timeline-controls">
      <label>
        Show
        <select
          aria-label="Seconds shown on the timeline"
          value={zoomChoices.includes(range.span) ? range.span : 'all'}
          onChange={(event) => {
            const span = event.target.value === 'all' ? duration : Number(event.target.value);
            setRange((current) =>
              clampRange(
                { ...current, span, start: (media.current?.currentTime ?? current.start) - span * 0.1 },
                duration,
              ),
            );
          }}
        >
          {zoomChoices.map((seconds) => (
            <option key={seconds} value={seconds}>
              {seconds < 60 ? `${seconds} s` : `${seconds / 60} min`}
            </option>
          ))}
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
        onChange={(event) =>
          setRange((current) => clampRange({ ...current, start: Number(event.target.value) }, duration))
        }
      />
      <span className="muted time">
        {formatMediaTime(range.start)}–{formatMediaTime(range.start + range.span)}
      </span>
    </div>
  );
}
