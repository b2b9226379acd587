import type { TaskSummary } from '../../api/client.js';
import { reviewCount } from './quality-words.js';

/** "3 to review" on a finished task's row, when its quality report lists places to look at. */
export function ReviewBadge({ task }: { task: Pick<TaskSummary, 'status' | 'quality'> }) {
  const count = reviewCount(task);
  if (count === 0) return null;
  return (
    <span className="badge review-badge" title="Places in the result that need a look (open the task)">
      {count} to review
    </span>
  );
}
