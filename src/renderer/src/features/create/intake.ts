import type { ApiClient } from '../../api/client.js';
import { useStaging } from '../../stores/staging.js';
import { useView } from '../../stores/view.js';
import { ACCEPTED_FILES } from './file-kinds.js';

/** Files from a drop or the file input: in the desktop window used in place (file://), in a browser uploaded. */
export function takeFiles(client: ApiClient, files: readonly File[]): void {
  if (files.length === 0) return;
  const bridge = window.dubdesk;
  const paths = bridge ? files.map((file) => bridge.pathForFile(file)) : [];
  if (bridge && paths.every((path) => path !== '')) useStaging.getState().addPaths(paths, files);
  else useStaging.getState().addFiles(client, files);
  useView.getState().show({ name: 'create' });
}

/** "Choose files": the desktop's own dialog (gives paths), else the page's file input. */
export async function chooseFiles(input: HTMLInputElement | null): Promise<void> {
  const bridge = window.dubdesk;
  if (!bridge) {
    input?.click();
    return;
  }
  const extensions = ACCEPTED_FILES.split(',').map((extension) => extension.slice(1));
  const result = await bridge.openFiles({
    title: 'Choose media and subtitles',
    multiple: true,
    filters: [{ name: 'Media and subtitles', extensions }],
  });
  if (result.ok && result.value.length > 0) {
    useStaging.getState().addPaths(result.value);
    useView.getState().show({ name: 'create' });
  }
}
