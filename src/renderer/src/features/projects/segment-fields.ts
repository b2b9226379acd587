// Pure: the fields of a segment a user edits, and comparing them.
import type { ProjectSegment, SegmentPatch } from '../../../../shared/schemas/projects.js';

/** The editable part of a segment (a PATCH without its revision). */
export type SegmentFields = Omit<SegmentPatch, 'revision'>;
export type SegmentFieldName = keyof SegmentFields;

export const EDITABLE_FIELDS: readonly SegmentFieldName[] = [
  'start',
  'end',
  'speaker',
  'source_text',
  'target_text',
  'voice_id',
  'box',
];

export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** The segment's current values of the fields named in `fields`. */
export function pickFields(segment: ProjectSegment, fields: SegmentFields): SegmentFields {
  const picked: Record<string, unknown> = {};
  for (const name of Object.keys(fields) as SegmentFieldName[])
    picked[name] = name === 'voice_id' ? (segment.voice_id ?? null) : segment[name];
  return picked as SegmentFields;
}

/** The fields of `fields` that differ from the segment (an edit typed back to the saved text is no edit). */
export function changedFields(segment: ProjectSegment, fields: SegmentFields): SegmentFields {
  const changed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const saved = name === 'voice_id' ? (segment.voice_id ?? null) : segment[name as SegmentFieldName];
    if (!sameValue(saved, value)) changed[name] = value;
  }
  return changed as SegmentFields;
}

/** `fields` without those `sent` already carried with the same value: what is left to save after an answer. */
export function fieldsNotIn(fields: SegmentFields, sent: SegmentFields): SegmentFields {
  const left: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields))
    if (!(name in sent) || !sameValue(sent[name as SegmentFieldName], value)) left[name] = value;
  return left as SegmentFields;
}

export function isEmpty(fields: SegmentFields | undefined): boolean {
  return !fields || Object.keys(fields).length === 0;
}

/** The segment as the user sees it: the saved one with their unsaved edits on top. */
export function withDraft(segment: ProjectSegment, draft: SegmentFields | undefined): ProjectSegment {
  return draft ? ({ ...segment, ...draft } as ProjectSegment) : segment;
}
