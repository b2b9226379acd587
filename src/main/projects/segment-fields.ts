// A stored segment's fields in the shapes the repository and the split/merge rules (segment-edits.ts) take.
import type { SegmentFields, SegmentRecord } from '../store/projects-repository.js';
import type { EditableSegment } from './segment-edits.js';

export const fieldsOf = (segment: SegmentRecord): SegmentFields => ({
  startMs: segment.startMs,
  endMs: segment.endMs,
  sourceText: segment.sourceText,
  targetText: segment.targetText,
  speaker: segment.speaker,
  voiceId: segment.voiceId,
  box: segment.box,
  blockId: segment.blockId,
});

export const editable = (segment: SegmentRecord): EditableSegment => ({
  startMs: segment.startMs,
  endMs: segment.endMs,
  sourceText: segment.sourceText,
  targetText: segment.targetText,
  ...(segment.speaker ? { speaker: segment.speaker } : {}),
  voiceId: segment.voiceId,
  ...(segment.box ? { box: segment.box } : {}),
  ...(segment.blockId !== null ? { blockId: segment.blockId } : {}),
});

export const fromEditable = (segment: EditableSegment): SegmentFields => ({
  startMs: segment.startMs,
  endMs: segment.endMs,
  sourceText: segment.sourceText,
  targetText: segment.targetText,
  speaker: segment.speaker ?? null,
  voiceId: segment.voiceId ?? null,
  box: segment.box ?? null,
  blockId: segment.blockId ?? null,
});
