// Pure: the GUI's address of a project (`#/projects/<id>`, the `project_url` of a job) and back.

const PROJECT_HASH = /^#\/projects\/([^/?#]+)\/?$/u;

/** `#/projects/abc` → `abc`. */
export function projectIdFromHash(hash: string): string | undefined {
  const match = PROJECT_HASH.exec(hash);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

/** The project of a job's `project_url` (`<base>/#/projects/<id>`). */
export function projectIdFromUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const at = url.indexOf('#');
  return at < 0 ? undefined : projectIdFromHash(url.slice(at));
}

export function projectHash(projectId: string): string {
  return `#/projects/${encodeURIComponent(projectId)}`;
}

/** Hashes that mean "no project": the address before one was opened, so Back from a project leaves it. */
function isHomeHash(hash: string): boolean {
  return hash === '' || hash === '#' || hash === '#/';
}

type RoutedView = { name: string; projectId?: string };

/**
 * The view a changed address asks for, or undefined when it asks for none (e.g. `#content` of the skip link):
 * a project's hash opens it, the bare address leaves a project for the task list.
 */
export function viewForHash(
  hash: string,
  current: RoutedView,
): { name: 'project'; projectId: string } | { name: 'tasks' } | undefined {
  const projectId = projectIdFromHash(hash);
  if (projectId)
    return current.name === 'project' && current.projectId === projectId ? undefined : { name: 'project', projectId };
  if (isHomeHash(hash) && current.name === 'project') return { name: 'tasks' };
  return undefined;
}

/** The hash the address should show for a view: a project's, or none (undefined: leave the address as it is). */
export function hashForView(view: RoutedView, currentHash: string): string | undefined {
  if (view.name === 'project' && view.projectId) {
    const wanted = projectHash(view.projectId);
    return currentHash === wanted ? undefined : wanted;
  }
  return projectIdFromHash(currentHash) ? '' : undefined;
}
