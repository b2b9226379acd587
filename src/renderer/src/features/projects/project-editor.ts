// The state of one open project and its autosave: edits are kept (memory + localStorage) until the service
// acknowledges them, PATCHed after a short idle with the revision they were made on; a stale revision is shown as a
// conflict and never overwritten; an unreachable service is retried with backoff. Line actions (regenerate,
// re-translate, split, merge) first save the line's pending edit, since the service works on what it has. The service
// speaks lines off the request path: a fit or a regenerated voice arrives as a `line_spoken` event (line-events.ts).
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  ApiError,
  type ApiClient,
  type EditedSegment,
  type LineSpokenEvent,
  type Project,
  type ProjectExportType,
  type ProjectSegment,
} from '../../api/client.js';
import { browserLineEvents, type LineEventSource } from './line-events.js';
import { PendingEdits, type EditStorage } from './pending-edits.js';
import { changedFields, fieldsNotIn, isEmpty, pickFields, type SegmentFields } from './segment-fields.js';
import { UndoStack, type SegmentEdit } from './undo-stack.js';

/** Edits are saved after this long without typing (and at once on blur, Enter or a drag's drop). */
export const AUTOSAVE_IDLE_MS = 600;
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 15_000;
/** A regenerate waits this long for its line_spoken event (a two-minute line takes seconds; a busy service longer). */
export const SPEECH_WAIT_MS = 5 * 60_000;
/** The events of this many recent speeches are kept, so one that arrives before its request's answer is not lost. */
const SPOKEN_KEPT = 200;

/** How one line's saving stands. */
export interface LineState {
  saving?: boolean;
  /** The service did not answer: the edit waits in localStorage and is sent again. */
  retrying?: boolean;
  /** The line changed elsewhere (another tab) since the edit was made: nothing is sent until Reload. */
  conflict?: boolean;
  /** After a conflict's Reload: the user's own values, to apply again or let go. */
  yours?: SegmentFields;
  error?: string;
  /** A line action running: what it is doing. */
  busy?: string;
}

export interface LinePreview {
  segmentId: string;
  number: number;
  withOriginalUrl: string;
  audioUrl: string;
}

export type SaveStatus = 'saved' | 'saving' | 'retrying' | 'not_saved';

export interface EditorState {
  project?: Project;
  loadError?: string;
  /** Unsaved edits by segment id. */
  drafts: Record<string, SegmentFields>;
  lines: Record<string, LineState>;
  preview?: LinePreview;
  canUndo: boolean;
}

/** Pure: the header's word for how saving stands. */
export function saveStatus(state: Pick<EditorState, 'drafts' | 'lines'>): SaveStatus {
  const lines = Object.values(state.lines);
  if (lines.some((line) => line.conflict || line.error)) return 'not_saved';
  if (lines.some((line) => line.retrying)) return 'retrying';
  if (lines.some((line) => line.saving) || Object.keys(state.drafts).length > 0) return 'saving';
  return 'saved';
}

const isUnreachable = (error: unknown) =>
  error instanceof ApiError && (error.code === 'unreachable' || error.status >= 500 || error.status === 0);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class ProjectEditor {
  readonly store: StoreApi<EditorState>;
  private readonly pending: PendingEdits;
  private readonly undoStack = new UndoStack();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly retryDelay = new Map<string, number>();
  /** Segments whose next save is an undo, which must not itself be undone into. */
  private readonly replaying = new Set<string>();
  private disposed = false;
  /** Recent line_spoken events by speech id, and the regenerates waiting for theirs. */
  private readonly spoken = new Map<string, LineSpokenEvent>();
  private readonly speechWaiters = new Map<string, (event: LineSpokenEvent) => void>();
  private closeLineEvents?: () => void;
  private lineEventsOpen: Promise<void> = Promise.resolve();
  private readonly lineEvents: LineEventSource;

  constructor(
    private readonly client: ApiClient,
    readonly projectId: string,
    storage: EditStorage,
    lineEvents?: LineEventSource,
  ) {
    this.pending = new PendingEdits(storage, projectId);
    this.store = createStore<EditorState>()(() => ({ drafts: {}, lines: {}, canUndo: false }));
    this.lineEvents = lineEvents ?? browserLineEvents(client);
  }

  private get state(): EditorState {
    return this.store.getState();
  }

  segment(segmentId: string): ProjectSegment | undefined {
    return this.state.project?.segments.find((segment) => segment.segment_id === segmentId);
  }

  private indexOf(segmentId: string): number {
    return this.state.project?.segments.findIndex((segment) => segment.segment_id === segmentId) ?? -1;
  }

  private setLine(segmentId: string, line: LineState | undefined): void {
    this.store.setState((state) => {
      const lines = { ...state.lines };
      if (line && Object.keys(line).length > 0) lines[segmentId] = line;
      else delete lines[segmentId];
      return { lines };
    });
  }

  private patchLine(segmentId: string, change: Partial<LineState>): void {
    const line: LineState = { ...this.state.lines[segmentId], ...change };
    for (const key of Object.keys(line) as (keyof LineState)[])
      if (line[key] === undefined || line[key] === false) delete line[key];
    this.setLine(segmentId, line);
  }

  private setDraft(segmentId: string, fields: SegmentFields | undefined): void {
    this.store.setState((state) => {
      const drafts = { ...state.drafts };
      if (isEmpty(fields)) delete drafts[segmentId];
      else drafts[segmentId] = fields!;
      return { drafts };
    });
  }

  /** Puts fresh segments in place of `replaced` (split, merge) or of themselves (any other answer). */
  private applySegments(
    fresh: readonly ProjectSegment[],
    replaced: readonly string[] = [],
    projectRevision?: number,
  ): void {
    this.store.setState((state) => {
      if (!state.project) return {};
      const gone = new Set(replaced);
      const byId = new Map(fresh.map((segment) => [segment.segment_id, segment]));
      const segments: ProjectSegment[] = [];
      let inserted = false;
      for (const segment of state.project.segments) {
        if (gone.has(segment.segment_id)) {
          if (!inserted)
            segments.push(
              ...fresh.filter(
                (item) =>
                  !state.project!.segments.some(
                    (known) => known.segment_id === item.segment_id && !gone.has(known.segment_id),
                  ),
              ),
            );
          inserted = true;
          continue;
        }
        segments.push(byId.get(segment.segment_id) ?? segment);
      }
      return {
        project: {
          ...state.project,
          segments,
          segment_count: segments.length,
          ...(projectRevision !== undefined ? { revision: projectRevision } : {}),
        },
      };
    });
    for (const id of replaced) this.undoStack.forget(id);
    this.store.setState({ canUndo: this.undoStack.size > 0 });
  }

  /** Follows the project's line_spoken events; a reconnection reloads the project, since events may have been missed. */
  private listen(): void {
    if (this.closeLineEvents) return;
    let opened = false;
    let resolveOpen!: () => void;
    this.lineEventsOpen = new Promise((resolve) => {
      resolveOpen = resolve;
    });
    this.closeLineEvents = this.lineEvents(this.projectId, {
      onEvent: (event) => this.onLineSpoken(event),
      onOpen: () => {
        if (opened && this.state.project) void this.reload().catch(() => undefined);
        opened = true;
        resolveOpen();
      },
    });
  }

  private onLineSpoken(event: LineSpokenEvent): void {
    this.spoken.set(event.speech_id, event);
    if (this.spoken.size > SPOKEN_KEPT) this.spoken.delete(this.spoken.keys().next().value!);
    if (event.segment) this.applySpoken(event.segment);
    this.speechWaiters.get(event.speech_id)?.(event);
  }

  /**
   * A line as the service spoke it, taken only at the revision shown here: speaking never changes a revision, so a
   * newer one is another tab's edit, which this tab learns of as a conflict (or a reload), never silently.
   */
  private applySpoken(segment: ProjectSegment): void {
    const known = this.segment(segment.segment_id);
    if (known && segment.revision === known.revision) this.applySegments([segment]);
  }

  /** An edit's answer as a segment; its fit may already have arrived (the event's segment is the same revision, measured). */
  private fresher(answer: EditedSegment): ProjectSegment {
    const { speech_id: speechId, ...saved } = answer;
    const measured = speechId ? this.spoken.get(speechId)?.segment : undefined;
    return measured && measured.revision >= saved.revision ? measured : saved;
  }

  /** The line_spoken event of `speechId` (it may have come before the request's answer). */
  private whenSpoken(speechId: string): Promise<LineSpokenEvent> {
    const known = this.spoken.get(speechId);
    if (known) return Promise.resolve(known);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.speechWaiters.delete(speechId);
        reject(new Error('The service did not say whether the line was spoken; regenerate it again.'));
      }, SPEECH_WAIT_MS);
      this.speechWaiters.set(speechId, (event) => {
        clearTimeout(timer);
        this.speechWaiters.delete(speechId);
        resolve(event);
      });
    });
  }

  /** Loads the project, then sends again the edits a previous page (or a service restart) left unsaved. */
  async load(): Promise<void> {
    // A remount (React's strict mode runs effects twice) opens the same editor again.
    this.disposed = false;
    this.listen();
    try {
      const project = await this.client.project(this.projectId);
      if (this.disposed) return;
      this.store.setState({ project, loadError: undefined });
    } catch (error) {
      this.store.setState({ loadError: messageOf(error) });
      return;
    }
    const leftOver = this.pending.all();
    const orphans: string[] = [];
    for (const [segmentId, edit] of leftOver) {
      if (!this.segment(segmentId)) {
        orphans.push(
          Object.values(edit.fields)
            .filter((value) => typeof value === 'string')
            .join(' / '),
        );
        this.pending.drop(segmentId);
        continue;
      }
      this.setDraft(segmentId, edit.fields);
      this.flush(segmentId);
    }
    if (orphans.length)
      this.store.setState({
        loadError: `Unsaved edits of lines that were split or merged since could not be applied: ${orphans.join('; ')}`,
      });
  }

  /** Re-reads the whole project (after a conflict or an outside change), keeping every unsaved edit on top. */
  async reload(): Promise<void> {
    const project = await this.client.project(this.projectId);
    this.store.setState({ project });
  }

  /** A user's edit of one line: shown at once, kept in localStorage, saved after the idle time (or now). */
  edit(segmentId: string, fields: SegmentFields, options: { now?: boolean } = {}): void {
    const segment = this.segment(segmentId);
    if (!segment) return;
    const draft = { ...this.state.drafts[segmentId], ...fields };
    this.setDraft(segmentId, draft);
    this.pending.put(segmentId, segment.revision, fields);
    if (this.state.lines[segmentId]?.error) this.patchLine(segmentId, { error: undefined });
    this.schedule(segmentId, options.now ? 0 : AUTOSAVE_IDLE_MS);
  }

  private schedule(segmentId: string, delayMs: number): void {
    clearTimeout(this.timers.get(segmentId));
    if (delayMs <= 0) {
      this.timers.delete(segmentId);
      this.flush(segmentId);
      return;
    }
    this.timers.set(
      segmentId,
      setTimeout(() => {
        this.timers.delete(segmentId);
        this.flush(segmentId);
      }, delayMs),
    );
  }

  /** Sends the line's unsaved edit now, unless one is on its way (the answer sends what was typed meanwhile). */
  flush(segmentId: string): void {
    clearTimeout(this.timers.get(segmentId));
    this.timers.delete(segmentId);
    if (this.disposed || this.inFlight.has(segmentId)) return;
    const line = this.state.lines[segmentId];
    if (line?.conflict) return;
    const segment = this.segment(segmentId);
    const draft = this.state.drafts[segmentId];
    if (!segment || !draft) return;
    const fields = changedFields(segment, draft);
    if (isEmpty(fields)) {
      // Typed back to what is saved: nothing to send.
      this.setDraft(segmentId, undefined);
      this.pending.drop(segmentId);
      this.replaying.delete(segmentId);
      return;
    }
    const revision = this.pending.get(segmentId)?.revision ?? segment.revision;
    let undoable: SegmentEdit | undefined;
    if (this.replaying.delete(segmentId) === false) {
      undoable = { segmentId, before: pickFields(segment, fields), after: fields };
      this.undoStack.push(undoable);
      this.store.setState({ canUndo: true });
    }
    this.patchLine(segmentId, { saving: true, error: undefined });
    const sending = this.send(segmentId, revision, fields)
      .then((taken) => {
        if (!taken && undoable) this.undoStack.discard(undoable);
        this.store.setState({ canUndo: this.undoStack.size > 0 });
      })
      .finally(() => {
        this.inFlight.delete(segmentId);
        if (
          !this.disposed &&
          this.state.drafts[segmentId] &&
          !this.state.lines[segmentId]?.conflict &&
          !this.state.lines[segmentId]?.retrying &&
          !this.state.lines[segmentId]?.error
        ) {
          this.schedule(segmentId, this.timers.has(segmentId) ? AUTOSAVE_IDLE_MS : 0);
        }
      });
    this.inFlight.set(segmentId, sending);
  }

  /** True when the service took the edit (or will, on a retry); false when it refused it or it conflicts. */
  private async send(segmentId: string, revision: number, fields: SegmentFields): Promise<boolean> {
    try {
      const saved = await this.client.patchSegment(this.projectId, segmentId, { revision, ...fields });
      this.retryDelay.delete(segmentId);
      this.acknowledge(saved, fields);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'conflict') return this.onConflict(segmentId, fields);
      if (isUnreachable(error)) {
        this.retryLater(segmentId);
        return true;
      }
      this.onRefused(segmentId, fields, messageOf(error));
      return false;
    }
  }

  /** The service saved `sent`: the segment is its answer; whatever was typed meanwhile stays as the next edit. */
  private acknowledge(answer: EditedSegment, sent: SegmentFields): void {
    const saved = this.fresher(answer);
    const segmentId = saved.segment_id;
    this.applySegments([saved]);
    const left = fieldsNotIn(this.state.drafts[segmentId] ?? {}, sent);
    this.setDraft(segmentId, isEmpty(left) ? undefined : left);
    this.pending.acknowledge(segmentId, saved.revision, left);
    this.patchLine(segmentId, { saving: undefined, retrying: undefined, error: undefined });
  }

  /**
   * A stale revision: if the service already holds exactly these values (an answer lost to a restart) it is saved;
   * otherwise the line waits for Reload.
   */
  private async onConflict(segmentId: string, sent: SegmentFields): Promise<boolean> {
    try {
      const fresh = (await this.client.project(this.projectId)).segments.find(
        (segment) => segment.segment_id === segmentId,
      );
      if (fresh && isEmpty(changedFields(fresh, sent))) {
        this.acknowledge(fresh, sent);
        return true;
      }
    } catch {
      // Shown as a conflict either way; Reload tries again.
    }
    this.patchLine(segmentId, { saving: undefined, retrying: undefined, conflict: true });
    return false;
  }

  private retryLater(segmentId: string): void {
    const delay = Math.min(RETRY_MAX_MS, (this.retryDelay.get(segmentId) ?? RETRY_FIRST_MS / 2) * 2);
    this.retryDelay.set(segmentId, delay);
    this.patchLine(segmentId, { saving: undefined, retrying: true });
    const timer = setTimeout(() => {
      this.timers.delete(segmentId);
      this.patchLine(segmentId, { retrying: undefined });
      this.flush(segmentId);
    }, delay);
    this.timers.set(segmentId, timer);
  }

  /** The service refused the edit (e.g. times over a neighbour): a re-timing is undone, a text stays for the user to fix. */
  private onRefused(segmentId: string, sent: SegmentFields, message: string): void {
    const onlyTimes = Object.keys(sent).every((name) => name === 'start' || name === 'end');
    if (onlyTimes) {
      const left = fieldsNotIn(this.state.drafts[segmentId] ?? {}, sent);
      this.setDraft(segmentId, isEmpty(left) ? undefined : left);
      if (isEmpty(left)) this.pending.drop(segmentId);
    }
    this.patchLine(segmentId, { saving: undefined, error: message });
  }

  /** Reload after a conflict: the line as saved elsewhere, the user's own values kept beside it to apply again. */
  async resolveConflict(segmentId: string): Promise<void> {
    const yours = this.state.drafts[segmentId];
    await this.reload();
    this.setDraft(segmentId, undefined);
    this.pending.drop(segmentId);
    this.setLine(segmentId, yours ? { yours } : undefined);
  }

  /** Applies the user's values kept by a conflict's Reload, on top of the fresh line. */
  applyYours(segmentId: string): void {
    const yours = this.state.lines[segmentId]?.yours;
    this.setLine(segmentId, undefined);
    if (yours) this.edit(segmentId, yours, { now: true });
  }

  dismissYours(segmentId: string): void {
    this.setLine(segmentId, undefined);
  }

  /** Saves every pending edit now (e.g. before Ctrl+Z or an export). */
  flushAll(): void {
    for (const segmentId of Object.keys(this.state.drafts)) this.flush(segmentId);
  }

  /** Waits until the line's edit is saved; refuses when it cannot be (conflict, service away, refused). */
  async settle(segmentId: string): Promise<void> {
    for (let round = 0; round < 5; round++) {
      this.flush(segmentId);
      const sending = this.inFlight.get(segmentId);
      if (sending) await sending;
      const line = this.state.lines[segmentId];
      if (line?.conflict) throw new Error('This line changed elsewhere: reload it first.');
      if (line?.retrying) throw new Error('The service cannot be reached: the edit is not saved yet.');
      if (line?.error) throw new Error(line.error);
      if (!this.state.drafts[segmentId] && !this.inFlight.has(segmentId)) return;
    }
    throw new Error('The line is still being edited.');
  }

  async settleAll(): Promise<void> {
    for (const segmentId of Object.keys(this.state.drafts)) await this.settle(segmentId);
    await Promise.all([...this.inFlight.values()]);
  }

  /** Undoes the newest saved edit by saving its old values with the line's current revision. */
  undo(): string | undefined {
    this.flushAll();
    const edit = this.undoStack.pop();
    this.store.setState({ canUndo: this.undoStack.size > 0 });
    if (!edit) return 'Nothing to undo.';
    if (!this.segment(edit.segmentId)) return 'That line was split or merged since: its edit cannot be undone.';
    this.replaying.add(edit.segmentId);
    this.edit(edit.segmentId, edit.before, { now: true });
    return undefined;
  }

  /** Runs a line action after the line's edit is saved, showing what it does on the line. */
  private async lineAction<T>(segmentId: string, busy: string, action: () => Promise<T>): Promise<T | undefined> {
    try {
      await this.settle(segmentId);
      this.patchLine(segmentId, { busy, error: undefined });
      return await action();
    } catch (error) {
      if (this.segment(segmentId)) this.patchLine(segmentId, { error: messageOf(error) });
      return undefined;
    } finally {
      if (this.state.lines[segmentId]) this.patchLine(segmentId, { busy: undefined });
    }
  }

  /** Speaks the line again; once its line_spoken event comes, its preview (over the original) is what the page plays next. */
  async regenerate(segmentId: string): Promise<LinePreview | undefined> {
    const answer = await this.lineAction(segmentId, 'Regenerating the voice…', async () => {
      // The event must not pass before the stream is open; a stream that will not open is not waited for long.
      await Promise.race([this.lineEventsOpen, new Promise((resolve) => setTimeout(resolve, 5000))]);
      const queued = await this.client.synthesizeSegment(this.projectId, segmentId);
      const event = await this.whenSpoken(queued.speech_id);
      if (event.status === 'failed') throw new Error(event.error?.message ?? 'The voice could not be made.');
      if (event.status === 'superseded' || !event.audio_url || !event.with_original_url)
        throw new Error('The line changed before its voice was made: regenerate it again.');
      return { audioUrl: event.audio_url, withOriginalUrl: event.with_original_url };
    });
    if (!answer) return undefined;
    const preview: LinePreview = { segmentId, number: this.indexOf(segmentId) + 1, ...answer };
    this.store.setState({ preview });
    return preview;
  }

  async retranslate(segmentId: string): Promise<void> {
    const answer = await this.lineAction(segmentId, 'Translating again…', () =>
      this.client.translateSegment(this.projectId, segmentId),
    );
    if (answer) this.applySegments([this.fresher(answer)]);
  }

  /** Splits the line at `at` seconds (the playhead), which must lie inside it. */
  async split(segmentId: string, at: number): Promise<void> {
    const segment = this.segment(segmentId);
    if (!segment) return;
    if (!(at > segment.start && at < segment.end)) {
      this.patchLine(segmentId, { error: 'Move the playhead inside this line to split it there.' });
      return;
    }
    const answer = await this.lineAction(segmentId, 'Splitting…', () =>
      this.client.splitSegment(this.projectId, segmentId, at, this.segment(segmentId)!.revision),
    );
    if (!answer) return;
    this.setLine(segmentId, undefined);
    this.applySegments(answer.segments, [segmentId], answer.revision);
  }

  /** Merges the line with the one after it. */
  async mergeWithNext(segmentId: string): Promise<void> {
    const index = this.indexOf(segmentId);
    const next = this.state.project?.segments[index + 1];
    if (!next) return;
    try {
      await this.settle(next.segment_id);
    } catch (error) {
      this.patchLine(segmentId, { error: `The next line: ${messageOf(error)}` });
      return;
    }
    const answer = await this.lineAction(segmentId, 'Merging…', () =>
      this.client.mergeSegments(this.projectId, [segmentId, next.segment_id]),
    );
    if (!answer) return;
    this.setLine(segmentId, undefined);
    this.setLine(next.segment_id, undefined);
    this.applySegments(answer.segments, [segmentId, next.segment_id], answer.revision);
  }

  /** One voice for all of a speaker's lines (null: the export chooses). */
  async setSpeakerVoice(speaker: string, voiceId: string | null): Promise<void> {
    const theirs = this.state.project?.segments.filter((segment) => segment.speaker === speaker) ?? [];
    for (const segment of theirs) if (this.state.drafts[segment.segment_id]) await this.settle(segment.segment_id);
    const answer = await this.client.setSpeakerVoice(this.projectId, speaker, voiceId);
    this.applySegments(answer.segments, [], answer.revision);
    this.store.setState((state) =>
      state.project
        ? {
            project: {
              ...state.project,
              speakers: [
                ...state.project.speakers.filter((item) => item.speaker !== speaker),
                { speaker, voice_id: voiceId },
              ].sort((a, b) => a.speaker.localeCompare(b.speaker)),
            },
          }
        : {},
    );
  }

  /** Saves everything, then creates the export task. */
  async exportProject(exportType?: ProjectExportType): Promise<string> {
    await this.settleAll();
    const { task_id: taskId } = await this.client.exportProject(this.projectId, exportType);
    this.store.setState((state) =>
      state.project
        ? { project: { ...state.project, export_task_ids: [taskId, ...state.project.export_task_ids] } }
        : {},
    );
    return taskId;
  }

  /** Replaces one track's texts from an SRT file. */
  async replaceTrack(track: 'source' | 'target', srt: string): Promise<void> {
    await this.settleAll();
    const project = await this.client.putSubtitles(this.projectId, track, srt);
    this.store.setState({ project });
  }

  closePreview(): void {
    this.store.setState({ preview: undefined });
  }

  /** Leaving the editor: every pending edit is sent now (and stays in localStorage until acknowledged). */
  dispose(): void {
    this.flushAll();
    this.disposed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.closeLineEvents?.();
    this.closeLineEvents = undefined;
  }
}
