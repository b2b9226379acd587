import { create } from 'zustand';

export type View =
  | { name: 'tasks' }
  | { name: 'task'; taskId: string }
  | { name: 'project'; projectId: string }
  | { name: 'create' }
  | { name: 'voices' }
  | { name: 'glossaries' }
  | { name: 'styles' }
  | { name: 'models' }
  | { name: 'settings' };

/**
 * Which screen shows; a store rather than a router: the one deep link, a project's `#/projects/<id>`, is kept in sync
 * by features/projects/useProjectRoute.
 */
interface ViewState {
  view: View;
  show(view: View): void;
}

export const useView = create<ViewState>()((set) => ({
  view: { name: 'tasks' },
  show(view) {
    set({ view });
  },
}));
