import { useEffect, useMemo, useRef } from 'react';
import type { ApiClient, Project, ProjectSegment } from '../../api/client.js';
import { firstWithReason, flaggedIndexes, reviewByLine } from './review-lines.js';
import { useOriginReview } from './useOriginReview.js';

/**
 * The places to review, per line, from the quality report of the task that made the project; a proofreading job's
 * project opens (`openAt`) at the first line the recogniser was unsure of.
 */
export function useProjectReview(
  client: ApiClient,
  project: Project | undefined,
  segments: readonly ProjectSegment[],
  openAt: (index: number) => void,
) {
  const originReview = useOriginReview(client, project?.task_id);
  const openedAtReview = useRef(false);
  const loaded = Boolean(project);
  // By the saved lines, so typing does not redraw every marked row.
  const review = useMemo(() => reviewByLine(segments, originReview?.review ?? []), [segments, originReview]);
  const flagged = useMemo(() => flaggedIndexes(review), [review]);
  const needsReview = useMemo(() => review.map(Boolean), [review]);
  useEffect(() => {
    if (openedAtReview.current || !originReview || !loaded) return;
    openedAtReview.current = true;
    const first = originReview.proofreading ? firstWithReason(review, 'low_confidence') : undefined;
    if (first !== undefined) openAt(first);
  }, [originReview, loaded, review]);
  return { review, flagged, needsReview };
}
