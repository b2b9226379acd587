import { useEffect } from 'react';
import { useView, type View } from '../../stores/view.js';
import { hashForView, viewForHash } from './project-route.js';

/** Keeps the address and the view in step: `#/projects/<id>` opens that project (also on load), leaving it clears the hash. */
export function useProjectRoute(): void {
  const view = useView((s) => s.view);
  const show = useView((s) => s.show);

  useEffect(() => {
    const follow = () => {
      const next = viewForHash(window.location.hash, useView.getState().view as { name: string; projectId?: string });
      if (next) show(next as View);
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [show]);

  useEffect(() => {
    // The store's view, not this render's: the hash may just have opened a project this render has not seen.
    const hash = hashForView(useView.getState().view as { name: string; projectId?: string }, window.location.hash);
    if (hash === undefined) return;
    // A new history entry, so Back leaves the project; clearing uses pushState, which fires no hashchange.
    if (hash) window.location.hash = hash;
    else history.pushState(history.state, '', window.location.pathname + window.location.search);
  }, [view]);
}
