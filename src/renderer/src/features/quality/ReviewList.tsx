import type { ReviewItem } from '../../api/client.js';
import { formatMediaTime } from '../../lib/format.js';
import { ReasonChips } from './ReasonChips.js';

interface ReviewListProps {
  review: readonly ReviewItem[];
  /** Moves the players to a place; without it (no player on the page) the times are only shown. */
  onSeek?(seconds: number): void;
}

/** The places of a result to look at, in time order: when, why, what was measured and which line or text. */
export function ReviewList({ review, onSeek }: ReviewListProps) {
  return (
    <ol className="review-list" aria-label="Places to review">
      {review.map((item) => {
        const span = `${formatMediaTime(item.start)}–${formatMediaTime(item.end)}`;
        return (
          <li key={`${item.start}-${item.end}-${item.line ?? ''}`} data-start={item.start}>
            {onSeek ? (
              <button
                type="button"
                className="link review-time"
                onClick={() => onSeek(item.start)}
                aria-label={`Go to ${formatMediaTime(item.start)}`}
              >
                {span}
              </button>
            ) : (
              <span className="review-time">{span}</span>
            )}
            <ReasonChips reasons={item.reasons} />
            <span className="review-detail">
              {item.line !== undefined ? <strong>Line {item.line}: </strong> : null}
              {item.detail}
              {item.text ? (
                <>
                  {' '}
                  — <q className="review-text">{item.text}</q>
                </>
              ) : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
