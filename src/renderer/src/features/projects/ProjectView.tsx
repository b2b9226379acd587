import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useStore } from 'zustand';
import type { ApiClient, ProjectSegment } from '../../api/client.js';
import { useNotices } from '../../stores/notices.js';
import { useTasks } from '../../stores/tasks.js';
import { useView } from '../../stores/view.js';
import { taskName } from '../jobs/labels.js';
import { ExportControls } from './ExportControls.js';
import { memoryStorage } from './pending-edits.js';
import { ProjectEditor, saveStatus, type SaveStatus } from './project-editor.js';
import { ProjectMedia } from './ProjectMedia.js';
import { ProjectSubtitles } from './ProjectSubtitles.js';
import { ProjectSummaryLine } from './ProjectSummaryLine.js';
import { ReviewBar } from './ReviewBar.js';
import { nextFlagged } from './review-lines.js';
import { withDraft } from './segment-fields.js';
import { SegmentTable, type SegmentTableHandle } from './SegmentTable.js';
import { SpeakerVoices } from './SpeakerVoices.js';
import { firstEndingAfter } from './timeline-math.js';
import { Timeline } from './Timeline.js';
import { useProjectExport } from './useProjectExport.js';
import { useProjectReview } from './useProjectReview.js';
import { useProjectSound } from './useProjectSound.js';
import { useRowActions, type LatestRows } from './useRowActions.js';

const SAVE_WORDS: Record<SaveStatus, string> = {
  saved: 'Saved',
  saving: 'Saving…',
  retrying: 'Not saved yet — retrying',
  not_saved: 'Not saved',
};

function pageStorage() {
  try {
    return window.localStorage;
  } catch {
    return memoryStorage();
  }
}

/** The editor of one project: its media beside a waveform timeline, the lines below, export on top. */
export function ProjectView({ client, projectId }: { client: ApiClient; projectId: string }) {
  const editor = useMemo(() => new ProjectEditor(client, projectId, pageStorage()), [client, projectId]);
  const { project, loadError, drafts, lines, preview } = useStore(editor.store);
  const show = useView((s) => s.show);
  const push = useNotices((s) => s.push);
  const origin = useTasks((s) => (project ? s.tasks.find((task) => task.task_id === project.task_id) : undefined));
  const { voices, waveform } = useProjectSound(client, projectId, project);
  const [selected, setSelected] = useState<number>();
  const [time, setTime] = useState(0);
  const media = useRef<HTMLVideoElement>(null);
  const table = useRef<SegmentTableHandle>(null);
  const stopAt = useRef<number | undefined>(undefined);
  const [onlyReview, setOnlyReview] = useState(false);
  const { exportType, setExportType, exporting, exported, onExport } = useProjectExport(client, editor, project?.kind);

  useEffect(() => {
    void editor.load();
    return () => editor.dispose();
  }, [editor]);

  const duration = project?.media_duration ?? waveform?.duration ?? 0;

  const segments = project?.segments ?? [];
  const shown = useMemo(
    () => segments.map((segment) => withDraft(segment, drafts[segment.segment_id])),
    [segments, drafts],
  );
  const { review, flagged, needsReview } = useProjectReview(client, project, segments, (first) => {
    setSelected(first);
    table.current?.focusLine(first, 'source_text');
  });
  const latest = useRef<LatestRows>({ shown, flagged, onlyReview });
  latest.current = { shown, flagged, onlyReview };

  const actions = useRowActions(editor, setSelected, { latest, media, table, stopAt });

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      const refusal = editor.undo();
      if (refusal) push(refusal);
    }
  }

  /** From the selected line (or the top) on to the next line to review, round to the first after the last. */
  function goToNextReview() {
    const next = nextFlagged(flagged, selected ?? -1, true);
    if (next === undefined) return;
    setSelected(next);
    table.current?.focusLine(next);
  }

  const back = (
    <button type="button" className="secondary" onClick={() => show({ name: 'tasks' })}>
      ← All tasks
    </button>
  );
  if (!project) return <ProjectNotLoaded back={back} loadError={loadError} />;

  const visual = project.kind === 'frame_translate';
  const status = saveStatus({ drafts, lines });
  const playingIndex = (() => {
    const index = firstEndingAfter(shown, time);
    return shown[index] && shown[index]!.start <= time ? index : undefined;
  })();
  const name = origin ? taskName(origin) : project.task_id;

  return (
    <section className="project" aria-labelledby="project-title" onKeyDown={onKeyDown}>
      <div className="section-head">
        {back}
        <h2 id="project-title">Project: {name}</h2>
        <p className="save-status" data-state={status} role="status" aria-live="polite">
          {SAVE_WORDS[status]}
        </p>
        <ExportControls
          visual={visual}
          exportType={exportType}
          setExportType={setExportType}
          exporting={exporting}
          onExport={onExport}
        />
      </div>
      <ProjectSummaryLine project={project} toReview={flagged.length} />
      {loadError ? (
        <p role="alert" className="error">
          {loadError}
        </p>
      ) : null}
      {exported ? <ExportedNotice taskId={exported} onOpen={() => show({ name: 'task', taskId: exported })} /> : null}

      <div className="project-top">
        <ProjectMedia
          mediaUrl={project.media_url}
          media={media}
          box={visual && selected !== undefined ? (shown[selected]?.box ?? undefined) : undefined}
          preview={preview}
          onTime={setTime}
          onClosePreview={() => editor.closePreview()}
        />
        <div className="project-side">
          <ProjectTimeline
            editor={editor}
            segments={shown}
            duration={duration}
            peaks={waveform?.peaks}
            media={media}
            stopAt={stopAt}
            selectedIndex={selected}
            needsReview={needsReview}
            visual={visual}
            onTime={setTime}
            onSelect={setSelected}
          />
          {visual ? null : <SpeakerVoices project={project} voices={voices} editor={editor} />}
          <ProjectSubtitles
            client={client}
            editor={editor}
            projectId={projectId}
            exportTaskIds={project.export_task_ids}
          />
        </div>
      </div>

      {flagged.length ? (
        <ReviewBar count={flagged.length} onlyReview={onlyReview} onFilter={setOnlyReview} onNext={goToNextReview} />
      ) : null}
      <KeysHint visual={visual} onlyReview={onlyReview} />
      <SegmentTable
        ref={table}
        segments={segments}
        drafts={drafts}
        lines={lines}
        visual={visual}
        voices={voices}
        selectedIndex={selected}
        playingIndex={playingIndex}
        review={review}
        rows={onlyReview ? flagged : undefined}
        actions={actions}
      />
    </section>
  );
}

/** The timeline of the project's lines: seeking moves the media, a retimed bar is saved at once, playback stops at `stopAt`. */
function ProjectTimeline(props: {
  editor: ProjectEditor;
  segments: ProjectSegment[];
  duration: number;
  peaks?: readonly number[];
  media: RefObject<HTMLVideoElement | null>;
  stopAt: RefObject<number | undefined>;
  selectedIndex?: number;
  needsReview: readonly boolean[];
  visual: boolean;
  onTime(seconds: number): void;
  onSelect(index: number): void;
}) {
  const { editor, segments, media, stopAt } = props;
  return (
    <Timeline
      segments={segments}
      duration={props.duration}
      peaks={props.peaks}
      media={media}
      selectedIndex={props.selectedIndex}
      needsReview={props.needsReview}
      noOverlap={!props.visual}
      onSeek={(seconds) => {
        stopAt.current = undefined;
        if (media.current) media.current.currentTime = seconds;
        props.onTime(seconds);
      }}
      onSelect={props.onSelect}
      onRetime={(index, times) => {
        const segment = segments[index];
        if (segment) editor.edit(segment.segment_id, { start: times.start, end: times.end }, { now: true });
      }}
      onFrame={(seconds) => {
        if (stopAt.current !== undefined && seconds >= stopAt.current && media.current && !media.current.paused) {
          media.current.pause();
          stopAt.current = undefined;
        }
      }}
    />
  );
}

/** While the project loads, or why it could not be opened. */
function ProjectNotLoaded({ back, loadError }: { back: ReactNode; loadError?: string }) {
  return (
    <section className="project">
      {back}
      {loadError ? (
        <p role="alert" className="error">
          This project could not be opened: {loadError}
        </p>
      ) : (
        <p aria-busy="true">Loading the project…</p>
      )}
    </section>
  );
}

function ExportedNotice({ taskId, onOpen }: { taskId: string; onOpen(): void }) {
  return (
    <p className="notice info export-notice" role="status">
      Export started as a new task.{' '}
      <button type="button" className="link" onClick={onOpen}>
        Open task {taskId}
      </button>
    </p>
  );
}

function KeysHint({ visual, onlyReview }: { visual: boolean; onlyReview: boolean }) {
  return (
    <p className="muted keys-hint">
      Enter saves and goes to the next line{onlyReview ? ' to review' : ''} · Shift+Enter: new line ·{' '}
      {visual ? '' : 'Ctrl+Enter or Alt+R: regenerate the voice · '}Ctrl+Z: undo
    </p>
  );
}
