import { useEffect, useState } from 'react';
import type { ApiClient, ReviewItem } from '../../api/client.js';

export interface OriginReview {
  /** The places the quality report of the task that made the project lists (empty without a report). */
  review: ReviewItem[];
  /** The task was made for proofreading (enable_proofreading): the editor opens where the recogniser was unsure. */
  proofreading: boolean;
}

/** The quality report and request of the task a project came from (GET /v1/tasks/{task_id} carries both). */
export function useOriginReview(client: ApiClient, taskId: string | undefined): OriginReview | undefined {
  const [origin, setOrigin] = useState<OriginReview>();
  useEffect(() => {
    if (!taskId) return;
    let current = true;
    client.getTask(taskId).then(
      (task) =>
        current &&
        setOrigin({ review: task.quality?.review ?? [], proofreading: task.request?.enable_proofreading === true }),
      // A deleted task leaves the project without marks; the project itself still opens.
      () => current && setOrigin({ review: [], proofreading: false }),
    );
    return () => {
      current = false;
    };
  }, [client, taskId]);
  return origin;
}
