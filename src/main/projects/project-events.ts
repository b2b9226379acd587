// In-process fan-out of what happens to project lines off the request path (GET /v1/events `line_spoken`). A project
// lives in the data folder of the machine that made it, so its events are told by the service that holds it.
import type { LineSpokenEvent } from '../../shared/schemas/projects.js';

export type ProjectEventListener = (event: LineSpokenEvent) => void;

export class ProjectEvents {
  private readonly listeners = new Set<ProjectEventListener>();

  subscribe(listener: ProjectEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: LineSpokenEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A broken subscriber (e.g. a closed socket) must not stop the speaking.
      }
    }
  }
}
