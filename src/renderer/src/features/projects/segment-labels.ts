// Pure: the words a segment's row shows for its status, its fit and how its saving stands.
import type { ProjectSegment, SegmentFit } from '../../api/client.js';
import type { LineState } from './project-editor.js';

const STATUS_WORDS: Record<ProjectSegment['status'], string | undefined> = {
  ok: undefined,
  edited: 'Edited',
  regenerated: 'Regenerated',
  too_long: 'Too long',
};

export function segmentStatusLabel(status: ProjectSegment['status']): string | undefined {
  return STATUS_WORDS[status];
}

/** "rate 1.20× · stretch 1.10×": how much faster the line is spoken to fit its time. */
export function fitLabel(fit: SegmentFit | null | undefined): string | undefined {
  if (!fit) return undefined;
  return `rate ${fit.rate.toFixed(2)}× · stretch ${fit.stretch.toFixed(2)}×`;
}

/** The saving state of a line in words, or undefined when it is saved. */
export function lineSaveLabel(line: LineState | undefined, hasDraft: boolean): string | undefined {
  if (line?.conflict) return 'Changed elsewhere (another tab)';
  if (line?.retrying) return 'Not saved yet — retrying';
  if (line?.saving || hasDraft) return 'Saving…';
  return undefined;
}

/** Seconds as m:ss.s (start and end of a line). */
export function formatLineTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds - minutes * 60;
  return `${minutes}:${rest < 10 ? '0' : ''}${rest.toFixed(2)}`;
}
