// Pure: the editor's undo history, the last segment edits as they were saved (before and after values).
import type { SegmentFields } from './segment-fields.js';

export interface SegmentEdit {
  segmentId: string;
  /** The saved values of the edited fields before the edit. */
  before: SegmentFields;
  after: SegmentFields;
}

export const UNDO_LIMIT = 50;

export class UndoStack {
  private edits: SegmentEdit[] = [];

  constructor(private readonly limit = UNDO_LIMIT) {}

  get size(): number {
    return this.edits.length;
  }

  /** Keeps the newest `limit` edits; the oldest fall off. */
  push(edit: SegmentEdit): void {
    this.edits.push(edit);
    if (this.edits.length > this.limit) this.edits.splice(0, this.edits.length - this.limit);
  }

  /** The newest edit, taken off the stack. */
  pop(): SegmentEdit | undefined {
    return this.edits.pop();
  }

  /** An edit the service did not take (a conflict, a refusal) is nothing to undo. */
  discard(edit: SegmentEdit): void {
    const at = this.edits.lastIndexOf(edit);
    if (at >= 0) this.edits.splice(at, 1);
  }

  /** A segment split or merged away takes its edits with it: they can no longer be applied. */
  forget(segmentId: string): void {
    this.edits = this.edits.filter((edit) => edit.segmentId !== segmentId);
  }
}
