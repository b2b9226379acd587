import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client.js';
import { ACCEPTED_FORMATS_TEXT } from './file-kinds.js';
import { takeFiles } from './intake.js';

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/** Files may be dropped anywhere in the window; this shows where they will go while they are dragged over. */
export function DropOverlay({ client }: { client: ApiClient }) {
  const [over, setOver] = useState(false);

  useEffect(() => {
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth++;
      setOver(true);
    };
    const overHandler = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      // Without this the browser would open the file and leave the GUI.
      event.preventDefault();
      depth = 0;
      setOver(false);
      takeFiles(client, Array.from(event.dataTransfer?.files ?? []));
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', overHandler);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', overHandler);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [client]);

  return over ? (
    <div className="drop-overlay" aria-hidden="true">
      <div>
        <p>Drop videos, pictures, audio and SRT subtitles to start a task</p>
        <p className="drop-formats">{ACCEPTED_FORMATS_TEXT}</p>
      </div>
    </div>
  ) : null;
}
