// A project's `line_spoken` events (GET /v1/events?project_id=): the service speaks an edited or regenerated line off
// the request path and says here when it is done. EventSource reconnects by itself; each (re)connection is reported
// so the editor can reload what it may have missed.
import type { ApiClient, LineSpokenEvent } from '../../api/client.js';

/** Opens the stream; answers a function that closes it. */
export type LineEventSource = (
  projectId: string,
  handlers: { onEvent(event: LineSpokenEvent): void; onOpen(): void },
) => () => void;

export function browserLineEvents(client: Pick<ApiClient, 'projectEventsUrl'>): LineEventSource {
  return (projectId, handlers) => {
    const source = new EventSource(client.projectEventsUrl(projectId));
    source.addEventListener('open', () => handlers.onOpen());
    source.addEventListener('line_spoken', (event) =>
      handlers.onEvent(JSON.parse((event as MessageEvent<string>).data) as LineSpokenEvent),
    );
    return () => source.close();
  };
}
