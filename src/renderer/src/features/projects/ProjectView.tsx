import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import type { ApiClient } from '../../api/client.js';
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
import { firstWithReason, flaggedIndexes, nextFlagged, reviewByLine } from './review-lines.js';
import { withDraft } from './segment-fields.js';
import { SegmentTable, type SegmentTableHandle } from './SegmentTable.js';
import { SpeakerVoices } from './SpeakerVoices.js';
import { firstEndingAfter } from './timeline-math.js';
import { Timeline } from './Timeline.js';
import { useOriginReview } from './useOriginReview.js';
import { useProjectExport } from './useProjectExport.js';
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
  const originReview = useOriginReview(client, project?.task_id);
  const openedAtReview = useRef(false);
  const { exportType, setExportType, exporting, exported, onExport } = useProjectExport(client, editor, project?.kind);

  useEffect(() => {
    void editor.load();
    return () => editor.dispose();
  }, [editor]);

  const duration = project?.media_duration ?? waveform?.duration ?? 0;
  const loaded = Boolean(project);

  const segments = project?.segments ?? [];
  const shown = useMemo(
    () => segments.map((segment) => withDraft(segment, drafts[segment.segment_id])),
    [segments, drafts],
  );
  // By the saved lines, so typing does not redraw every marked row.
  const review = useMemo(() => reviewByLine(segments, originReview?.review ?? []), [segments, originReview]);
  const flagged = useMemo(() => flaggedIndexes(review), [review]);
  const needsReview = useMemo(() => review.map(Boolean), [review]);
  const latest = useRef<LatestRows>({ shown, flagged, onlyReview });
  latest.current = { shown, flagged, onlyReview };

  // A proofreading job's project opens at the first line the recogniser was unsure of.
  useEffect(() => {
    if (openedAtReview.current || !originReview || !loaded) return;
    openedAtReview.current = true;
    const first = originReview.proofreading ? firstWithReason(review, 'low_confidence') : undefined;
    if (first === undefined) return;
    setSelected(first);
    table.current?.focusLine(first, 'source_text');
  }, [originReview, loaded, review]);

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
  if (!project) {
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
      {exported ? (
        <p className="notice info export-notice" role="status">
          Export started as a new task.{' '}
          <button type="button" className="link" onClick={() => show({ name: 'task', taskId: exported })}>
            Open task {exported}
          </button>
        </p>
      ) : null}

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
          <Timeline
            segments={shown}
            duration={duration}
            peaks={waveform?.peaks}
            media={media}
            selectedIndex={selected}
            needsReview={needsReview}
            noOverlap={!visual}
            onSeek={(seconds) => {
              stopAt.current = undefined;
              if (media.current) media.current.currentTime = seconds;
              setTime(seconds);
            }}
            onSelect={setSelected}
            onRetime={(index, times) => {
              const segment = shown[index];
              if (segment) editor.edit(segment.segment_id, { start: times.start, end: times.end }, { now: true });
            }}
            onFrame={(seconds) => {
              if (stopAt.current !== undefined && seconds >= stopAt.current && media.current && !media.current.paused) {
                media.current.pause();
                stopAt.current = undefined;
              }
            }}
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
      <p className="muted keys-hint">
        Enter saves and goes to the next line{onlyReview ? ' to review' : ''} · Shift+Enter: new line ·{' '}
        {visual ? '' : 'Ctrl+Enter or Alt+R: regenerate the voice · '}Ctrl+Z: undo
      </p>
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
