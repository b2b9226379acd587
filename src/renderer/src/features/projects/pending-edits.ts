// Unsaved edits kept in localStorage (one key per project and segment, with the revision they were made on) until
// the service acknowledges them, so a restart of the service or a reload of the page loses nothing.
import type { SegmentFields } from './segment-fields.js';

export interface PendingEdit {
  /** The segment revision the edit was made on (sent back with the PATCH). */
  revision: number;
  fields: SegmentFields;
}

/** The part of the Web Storage API used (localStorage in the page; a Map-backed one in tests). */
export type EditStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const PREFIX = 'dubdesk.edit.';

export class PendingEdits {
  private readonly prefix: string;

  constructor(
    private readonly storage: EditStorage,
    projectId: string,
  ) {
    this.prefix = `${PREFIX}${projectId}.`;
  }

  get(segmentId: string): PendingEdit | undefined {
    const text = this.storage.getItem(this.prefix + segmentId);
    if (!text) return undefined;
    try {
      const value = JSON.parse(text) as PendingEdit;
      return Number.isInteger(value.revision) && value.fields && typeof value.fields === 'object' ? value : undefined;
    } catch {
      return undefined;
    }
  }

  /** Every unsaved edit of the project, by segment id. */
  all(): Map<string, PendingEdit> {
    const found = new Map<string, PendingEdit>();
    for (let i = 0; i < this.storage.length; i++) {
      const key = this.storage.key(i);
      if (!key?.startsWith(this.prefix)) continue;
      const segmentId = key.slice(this.prefix.length);
      const edit = this.get(segmentId);
      if (edit) found.set(segmentId, edit);
    }
    return found;
  }

  /** Adds fields to the segment's unsaved edit; a new edit is based on `revision`, a continued one keeps its own. */
  put(segmentId: string, revision: number, fields: SegmentFields): PendingEdit {
    const known = this.get(segmentId);
    const edit: PendingEdit = { revision: known?.revision ?? revision, fields: { ...known?.fields, ...fields } };
    this.write(segmentId, edit);
    return edit;
  }

  /** The service saved the edit up to `revision`: what is left (typed meanwhile) stays, based on the new revision. */
  acknowledge(segmentId: string, revision: number, left: SegmentFields): void {
    if (Object.keys(left).length === 0) this.drop(segmentId);
    else this.write(segmentId, { revision, fields: left });
  }

  drop(segmentId: string): void {
    this.storage.removeItem(this.prefix + segmentId);
  }

  private write(segmentId: string, edit: PendingEdit): void {
    try {
      this.storage.setItem(this.prefix + segmentId, JSON.stringify(edit));
    } catch {
      // A full storage: the edit still lives in memory and is saved as soon as the service answers.
    }
  }
}

/** A Map-backed EditStorage (for tests and where localStorage is missing). */
export function memoryStorage(): EditStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    key: (index) => [...map.keys()][index] ?? null,
    get length() {
      return map.size;
    },
  };
}
