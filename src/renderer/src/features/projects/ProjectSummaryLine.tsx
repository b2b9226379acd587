import { findLanguage } from '../../../../shared/languages.js';
import type { Project } from '../../api/client.js';
import { kindTitle, useKinds } from '../../stores/kinds.js';
import { useView } from '../../stores/view.js';

const languageName = (code: string) => findLanguage(code)?.name ?? code;

/** The project in one line: its kind, languages, how many lines are edited or to review, and the task that made it. */
export function ProjectSummaryLine({ project, toReview }: { project: Project; toReview: number }) {
  const show = useView((s) => s.show);
  const kinds = useKinds((s) => s.kinds);
  const segments = project.segments;
  const counts = { edited: 0, regenerated: 0, too_long: 0 };
  for (const segment of segments) if (segment.status !== 'ok') counts[segment.status]++;
  return (
    <p className="muted project-summary">
      {kindTitle(kinds, project.kind)} · {languageName(project.source_language)} →{' '}
      {languageName(project.target_language)} · {segments.length} line{segments.length === 1 ? '' : 's'}
      {counts.edited ? ` · ${counts.edited} edited` : ''}
      {counts.regenerated ? ` · ${counts.regenerated} regenerated` : ''}
      {counts.too_long ? ` · ${counts.too_long} too long` : ''}
      {toReview ? ` · ${toReview} to review` : ''}
      {' · '}
      <button type="button" className="link" onClick={() => show({ name: 'task', taskId: project.task_id })}>
        the task that made it
      </button>
    </p>
  );
}
