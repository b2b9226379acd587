import type { ApiClient, SubtitleTrack } from '../../api/client.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { useNotices } from '../../stores/notices.js';
import { useView } from '../../stores/view.js';
import type { ProjectEditor } from './project-editor.js';

/** Saves text as a file through a link, since the subtitles route needs the key in a header. */
function saveText(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-subrip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}

interface ProjectSubtitlesProps {
  client: ApiClient;
  editor: ProjectEditor;
  projectId: string;
  exportTaskIds: string[];
}

/** The project's subtitle tracks (download, replace from an SRT), its exports, and its deletion. */
export function ProjectSubtitles({ client, editor, projectId, exportTaskIds }: ProjectSubtitlesProps) {
  const show = useView((s) => s.show);
  const push = useNotices((s) => s.push);

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

  return (
    <details className="project-subtitles">
      <summary>Subtitles and project</summary>
      <div className="project-tools">
        <span>Download SRT:</span>
        {(['source', 'target', 'bilingual'] as const).map((track) => (
          <button key={track} type="button" className="secondary small" onClick={() => void onDownload(track)}>
            {track[0]!.toUpperCase() + track.slice(1)}
          </button>
        ))}
      </div>
      <div className="project-tools">
        {(['source', 'target'] as const).map((track) => (
          <label key={track} className="file-label">
            Replace the {track} texts from an SRT (same number of lines)
            <input
              type="file"
              accept=".srt,application/x-subrip,text/plain"
              onChange={(event) => {
                void onReplace(track, event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </label>
        ))}
      </div>
      {exportTaskIds.length ? (
        <p className="muted">
          Exports:{' '}
          {exportTaskIds.map((taskId) => (
            <button
              key={taskId}
              type="button"
              className="link export-link"
              onClick={() => show({ name: 'task', taskId })}
            >
              {taskId}
            </button>
          ))}
        </p>
      ) : null}
      <ConfirmButton
        label="Delete project"
        confirmLabel="Really delete the project?"
        ariaLabel="Delete this project"
        confirmAriaLabel="Really delete this project"
        onConfirm={async () => {
          try {
            await client.deleteProject(projectId);
            show({ name: 'tasks' });
          } catch (error) {
            push(`Could not delete the project: ${(error as Error).message}`, 'error');
          }
        }}
      />
    </details>
  );
}
