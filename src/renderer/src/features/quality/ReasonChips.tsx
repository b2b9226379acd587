import type { ReviewReason } from '../../api/client.js';
import { REASON_LABELS } from './quality-words.js';

/** Why a place needs a look, one label per reason. */
export function ReasonChips({ reasons }: { reasons: readonly ReviewReason[] }) {
  return (
    <span className="review-reasons">
      {reasons.map((reason) => (
        <span key={reason} className="chip review-reason" data-reason={reason}>
          {REASON_LABELS[reason]}
        </span>
      ))}
    </span>
  );
}
