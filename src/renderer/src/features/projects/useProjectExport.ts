import { useState } from 'react';
import type { ApiClient, ProjectExportType } from '../../api/client.js';
import { useNotices } from '../../stores/notices.js';
import { useTasks } from '../../stores/tasks.js';
import type { ProjectEditor } from './project-editor.js';

/** The export button's state: the chosen export type, an export under way, and the task the last one started. */
export function useProjectExport(client: ApiClient, editor: ProjectEditor, kind: string | undefined) {
  const push = useNotices((s) => s.push);
  const [exportType, setExportType] = useState<ProjectExportType>('auto');
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState<string>();

  async function onExport() {
    setExporting(true);
    try {
      const taskId = await editor.exportProject(kind === 'translate' ? exportType : undefined);
      setExported(taskId);
      // The task list shows it at once (the event stream brings its progress).
      client.getTask(taskId).then(
        (task) => useTasks.getState().upsert(task),
        () => undefined,
      );
    } catch (error) {
      push(`Export failed: ${(error as Error).message}`, 'error');
    } finally {
      setExporting(false);
    }
  }

  return { exportType, setExportType, exporting, exported, onExport };
}
