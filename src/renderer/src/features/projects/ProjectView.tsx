import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useStore } from 'zustand';
import type { ProjectBox } from '../../../../shared/schemas/projects.js';
import type { ApiClient, ProjectExportType, SubtitleTrack, VoiceRecord, Waveform } from '../../api/client.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { findLanguage } from '../../../../shared/languages.js';
import { kindTitle, useKinds } from '../../stores/kinds.js';
import { useNotices } from '../../stores/notices.js';
import { useTasks } from '../../stores/tasks.js';
import { useView } from '../../stores/view.js';
import { taskName } from '../jobs/labels.js';
import { memoryStorage } from './pending-edits.js';
import { ProjectEditor, saveStatus, type SaveStatus } from './project-editor.js';
import { ReviewBar } from './ReviewBar.js';
import { firstWithReason, flaggedIndexes, nextFlagged, reviewByLine } from './review-lines.js';
import { withDraft } from './segment-fields.js';
import type { RowActions } from './SegmentRow.js';
import { SegmentTable, type SegmentTableHandle } from './SegmentTable.js';
import { firstEndingAfter } from './timeline-math.js';
import { Timeline } from './Timeline.js';
import { useOriginReview } from './useOriginReview.js';

const SAVE_WORDS: Record<SaveStatus, string> = { saved: 'Saved', saving: 'Saving…', retrying: 'Not saved yet — retrying', not_saved: 'Not saved' };
const EXPORT_TYPES: { value: ProjectExportType; label: string }[] = [
  { value: 'auto', label: 'Auto' }, { value: 'video', label: 'Video' }, { value: 'audio', label: 'Audio' }, { value: 'all', label: 'All (video and audio)' },
];

const languageName = (code: string) => findLanguage(code)?.name ?? code;

function pageStorage() {
  try {
    return window.localStorage;
  } catch {
    return memoryStorage();
  }
}

/** Saves text as a file through a link, since the subtitles route needs the key in a header. */
function saveText(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-subrip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}

/** The selected line's text box drawn over the picture (where the video sits inside its letterboxed element). */
function BoxOverlay({ media, box }: { media: RefObject<HTMLVideoElement | null>; box: ProjectBox }) {
  const video = media.current;
  if (!video || !video.videoWidth) return null;
  const scale = Math.min(video.clientWidth / video.videoWidth, video.clientHeight / video.videoHeight);
  const width = video.videoWidth * scale;
  const height = video.videoHeight * scale;
  const left = video.offsetLeft + (video.clientWidth - width) / 2;
  const top = video.offsetTop + (video.clientHeight - height) / 2;
  return <div className="box-overlay" aria-hidden="true" style={{ left: left + box.x * width, top: top + box.y * height, width: box.width * width, height: box.height * height }} />;
}

/** The editor of one project: its media beside a waveform timeline, the lines below, export on top. */
export function ProjectView({ client, projectId }: { client: ApiClient; projectId: string }) {
  const editor = useMemo(() => new ProjectEditor(client, projectId, pageStorage()), [client, projectId]);
  const { project, loadError, drafts, lines, preview } = useStore(editor.store);
  const show = useView((s) => s.show);
  const push = useNotices((s) => s.push);
  const kinds = useKinds((s) => s.kinds);
  const origin = useTasks((s) => (project ? s.tasks.find((task) => task.task_id === project.task_id) : undefined));
  const [voices, setVoices] = useState<VoiceRecord[]>([]);
  const [waveform, setWaveform] = useState<Waveform>();
  const [selected, setSelected] = useState<number>();
  const [time, setTime] = useState(0);
  const [exportType, setExportType] = useState<ProjectExportType>('auto');
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState<string>();
  const media = useRef<HTMLVideoElement>(null);
  const previewAudio = useRef<HTMLAudioElement>(null);
  const table = useRef<SegmentTableHandle>(null);
  const stopAt = useRef<number | undefined>(undefined);
  const [audioOnly, setAudioOnly] = useState(false);
  const [onlyReview, setOnlyReview] = useState(false);
  const originReview = useOriginReview(client, project?.task_id);
  const openedAtReview = useRef(false);

  useEffect(() => {
    void editor.load();
    return () => editor.dispose();
  }, [editor]);

  const kind = project?.kind;
  const target = project?.target_language;
  const mediaDuration = project?.media_duration;
  const duration = mediaDuration ?? waveform?.duration ?? 0;
  const loaded = Boolean(project);
  useEffect(() => {
    if (!target || kind !== 'translate') return;
    client.voices(target).then(setVoices, () => setVoices([]));
  }, [client, target, kind]);
  useEffect(() => {
    if (!loaded) return;
    // About 20 peaks a second, within what the route gives; a media without sound has none (404), drawn as no waveform.
    const points = mediaDuration ? Math.min(20_000, Math.max(1000, Math.round(mediaDuration * 20))) : 4000;
    client.waveform(projectId, points).then(setWaveform, () => undefined);
  }, [client, projectId, loaded, mediaDuration]);

  // A regenerated line plays at once, over the original, in the player the page shows.
  useEffect(() => {
    if (preview && previewAudio.current) void previewAudio.current.play().catch(() => undefined);
  }, [preview]);

  const segments = project?.segments ?? [];
  const shown = useMemo(() => segments.map((segment) => withDraft(segment, drafts[segment.segment_id])), [segments, drafts]);
  // By the saved lines, so typing does not redraw every marked row.
  const review = useMemo(() => reviewByLine(segments, originReview?.review ?? []), [segments, originReview]);
  const flagged = useMemo(() => flaggedIndexes(review), [review]);
  const needsReview = useMemo(() => review.map(Boolean), [review]);
  const latest = useRef({ shown, editor, flagged, onlyReview });
  latest.current = { shown, editor, flagged, onlyReview };

  // A proofreading job's project opens at the first line the recogniser was unsure of.
  useEffect(() => {
    if (openedAtReview.current || !originReview || !loaded) return;
    openedAtReview.current = true;
    const first = originReview.proofreading ? firstWithReason(review, 'low_confidence') : undefined;
    if (first === undefined) return;
    setSelected(first);
    table.current?.focusLine(first, 'source_text');
  }, [originReview, loaded, review]);

  const actions = useMemo<RowActions>(() => {
    const play = (index: number, untilEnd: boolean) => {
      const segment = latest.current.shown[index];
      const element = media.current;
      if (!segment || !element) return;
      element.currentTime = segment.start;
      stopAt.current = untilEnd ? segment.end : undefined;
      void element.play().catch(() => undefined);
    };
    return {
      edit: (segmentId, fields, now) => editor.edit(segmentId, fields, { now }),
      flush: (segmentId) => editor.flush(segmentId),
      select: (index) => setSelected(index),
      playLine: (index) => play(index, true),
      playFrom: (index) => play(index, false),
      regenerate: (segmentId) => void editor.regenerate(segmentId),
      retranslate: (segmentId) => void editor.retranslate(segmentId),
      split: (segmentId) => void editor.split(segmentId, media.current?.currentTime ?? 0),
      mergeWithNext: (segmentId) => void editor.mergeWithNext(segmentId),
      reload: (segmentId) => void editor.resolveConflict(segmentId).catch((error: Error) => push(`Could not reload: ${error.message}`, 'error')),
      applyYours: (segmentId) => editor.applyYours(segmentId),
      dismissYours: (segmentId) => editor.dismissYours(segmentId),
      nextTarget: (index) => {
        // With the review filter on, the next line shown is the next one to review.
        const next = latest.current.onlyReview ? nextFlagged(latest.current.flagged, index) : index + 1;
        if (next !== undefined) table.current?.focusLine(next);
      },
    };
  }, [editor, push]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      const refusal = editor.undo();
      if (refusal) push(refusal);
    }
  }

  async function onExport() {
    setExporting(true);
    try {
      const taskId = await editor.exportProject(kind === 'translate' ? exportType : undefined);
      setExported(taskId);
      // The task list shows it at once (the event stream brings its progress).
      client.getTask(taskId).then((task) => useTasks.getState().upsert(task), () => undefined);
    } catch (error) {
      push(`Export failed: ${(error as Error).message}`, 'error');
    } finally {
      setExporting(false);
    }
  }

  async function onDownload(track: SubtitleTrack) {
    try {
      saveText(await client.subtitles(projectId, track), `project-${projectId}.${track}.srt`);
    } catch (error) {
      push(`Could not download the subtitles: ${(error as Error).message}`, 'error');
    }
  }

  async function onReplace(track: 'source' | 'target', file: File | undefined) {
    if (!file) return;
    try {
      await editor.replaceTrack(track, await file.text());
      push(`The ${track} texts were replaced from ${file.name}.`);
    } catch (error) {
      push(`Could not replace the ${track} texts: ${(error as Error).message}`, 'error');
    }
  }

  /** From the selected line (or the top) on to the next line to review, round to the first after the last. */
  function goToNextReview() {
    const next = nextFlagged(flagged, selected ?? -1, true);
    if (next === undefined) return;
    setSelected(next);
    table.current?.focusLine(next);
  }

  const back = <button type="button" className="secondary" onClick={() => show({ name: 'tasks' })}>← All tasks</button>;
  if (!project) {
    return (
      <section className="project">
        {back}
        {loadError ? <p role="alert" className="error">This project could not be opened: {loadError}</p> : <p aria-busy="true">Loading the project…</p>}
      </section>
    );
  }

  const visual = project.kind === 'frame_translate';
  const status = saveStatus({ drafts, lines });
  const counts = { edited: 0, regenerated: 0, too_long: 0 };
  for (const segment of segments) if (segment.status !== 'ok') counts[segment.status]++;
  const playingIndex = (() => {
    const index = firstEndingAfter(shown, time);
    return shown[index] && shown[index]!.start <= time ? index : undefined;
  })();
  const speakers = [...new Set([...project.speakers.map((item) => item.speaker), ...segments.flatMap((segment) => (segment.speaker ? [segment.speaker] : []))])].sort();
  const speakerVoice = (speaker: string) => project.speakers.find((item) => item.speaker === speaker)?.voice_id ?? '';
  const name = origin ? taskName(origin) : project.task_id;

  return (
    <section className="project" aria-labelledby="project-title" onKeyDown={onKeyDown}>
      <div className="section-head">
        {back}
        <h2 id="project-title">Project: {name}</h2>
        <p className="save-status" data-state={status} role="status" aria-live="polite">{SAVE_WORDS[status]}</p>
        {visual ? null : (
          <label className="export-type">
            <span className="visually-hidden">Export as</span>
            <select aria-label="Export as" value={exportType} onChange={(event) => setExportType(event.target.value as ProjectExportType)}>
              {EXPORT_TYPES.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
            </select>
          </label>
        )}
        <button type="button" onClick={() => void onExport()} disabled={exporting}>{exporting ? 'Exporting…' : 'Export'}</button>
      </div>
      <p className="muted project-summary">
        {kindTitle(kinds, project.kind)} · {languageName(project.source_language)} → {languageName(project.target_language)} · {segments.length} line{segments.length === 1 ? '' : 's'}
        {counts.edited ? ` · ${counts.edited} edited` : ''}{counts.regenerated ? ` · ${counts.regenerated} regenerated` : ''}{counts.too_long ? ` · ${counts.too_long} too long` : ''}{flagged.length ? ` · ${flagged.length} to review` : ''}
        {' · '}<button type="button" className="link" onClick={() => show({ name: 'task', taskId: project.task_id })}>the task that made it</button>
      </p>
      {loadError ? <p role="alert" className="error">{loadError}</p> : null}
      {exported ? (
        <p className="notice info export-notice" role="status">
          Export started as a new task. <button type="button" className="link" onClick={() => show({ name: 'task', taskId: exported })}>Open task {exported}</button>
        </p>
      ) : null}

      <div className="project-top">
        <div className="project-media">
          {project.media_url ? (
            <div className="media-frame">
              <video
                ref={media}
                className={audioOnly ? 'audio-only' : undefined}
                src={project.media_url}
                controls
                preload="auto"
                aria-label="Input media"
                onLoadedMetadata={(event) => setAudioOnly(event.currentTarget.videoWidth === 0)}
                onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
                onSeeked={(event) => setTime(event.currentTarget.currentTime)}
              />
              {visual && selected !== undefined && shown[selected]?.box ? <BoxOverlay media={media} box={shown[selected]!.box!} /> : null}
            </div>
          ) : <p className="muted">The input media is not available.</p>}
          {preview ? (
            <div className="line-preview">
              <p>Line {preview.number}, its new voice over the original:</p>
              <audio ref={previewAudio} key={preview.withOriginalUrl} src={preview.withOriginalUrl} controls autoPlay aria-label={`Line ${preview.number} with the original`} />
              <p className="muted"><a href={preview.audioUrl} target="_blank" rel="noreferrer">The line alone</a> · <button type="button" className="link" onClick={() => editor.closePreview()}>Close</button></p>
            </div>
          ) : null}
        </div>
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
          {!visual && speakers.length > 0 ? (
            <div className="speaker-voices" role="group" aria-label="Voices of the speakers">
              {speakers.map((speaker) => (
                <label key={speaker}>
                  Voice for {speaker}:
                  <select value={speakerVoice(speaker)} onChange={(event) => void editor.setSpeakerVoice(speaker, event.target.value || null).catch((error: Error) => push(error.message, 'error'))}>
                    <option value="">Automatic (the export chooses)</option>
                    {voices.map((voice) => <option key={voice.voice_id} value={voice.voice_id}>{voice.name}</option>)}
                  </select>
                </label>
              ))}
            </div>
          ) : null}
          <details className="project-subtitles">
            <summary>Subtitles and project</summary>
            <div className="project-tools">
              <span>Download SRT:</span>
              {(['source', 'target', 'bilingual'] as const).map((track) => (
                <button key={track} type="button" className="secondary small" onClick={() => void onDownload(track)}>{track[0]!.toUpperCase() + track.slice(1)}</button>
              ))}
            </div>
            <div className="project-tools">
              {(['source', 'target'] as const).map((track) => (
                <label key={track} className="file-label">
                  Replace the {track} texts from an SRT (same number of lines)
                  <input type="file" accept=".srt,application/x-subrip,text/plain" onChange={(event) => { void onReplace(track, event.target.files?.[0]); event.target.value = ''; }} />
                </label>
              ))}
            </div>
            {project.export_task_ids.length ? (
              <p className="muted">Exports: {project.export_task_ids.map((taskId) => (
                <button key={taskId} type="button" className="link export-link" onClick={() => show({ name: 'task', taskId })}>{taskId}</button>
              ))}</p>
            ) : null}
            <ConfirmButton label="Delete project" confirmLabel="Really delete the project?" ariaLabel="Delete this project" confirmAriaLabel="Really delete this project"
              onConfirm={async () => {
                try {
                  await client.deleteProject(projectId);
                  show({ name: 'tasks' });
                } catch (error) {
                  push(`Could not delete the project: ${(error as Error).message}`, 'error');
                }
              }} />
          </details>
        </div>
      </div>

      {flagged.length ? <ReviewBar count={flagged.length} onlyReview={onlyReview} onFilter={setOnlyReview} onNext={goToNextReview} /> : null}
      <p className="muted keys-hint">Enter saves and goes to the next line{onlyReview ? ' to review' : ''} · Shift+Enter: new line · {visual ? '' : 'Ctrl+Enter or Alt+R: regenerate the voice · '}Ctrl+Z: undo</p>
      <SegmentTable ref={table} segments={segments} drafts={drafts} lines={lines} visual={visual} voices={voices} selectedIndex={selected} playingIndex={playingIndex}
        review={review} rows={onlyReview ? flagged : undefined} actions={actions} />
    </section>
  );
}
