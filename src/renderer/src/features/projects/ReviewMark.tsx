import type { ReviewItem } from '../../api/client.js';
import { REASON_LABELS } from '../quality/quality-words.js';
import { reasonsOf } from './review-lines.js';

/** A line the quality report asks to look at: its first reason in words, the others counted, every detail on hover. */
export function ReviewMark({ items }: { items: readonly ReviewItem[] }) {
  const labels = reasonsOf(items).map((reason) => REASON_LABELS[reason]);
  return (
    <span className="chip review-mark" title={items.map((item) => item.detail).join('\n')}>
      <span className="visually-hidden">To review: </span>
      {labels[0]}
      {labels.length > 1 ? (
        <span aria-hidden="true" title={labels.slice(1).join(', ')}>
          {' '}
          +{labels.length - 1}
        </span>
      ) : null}
      {labels.length > 1 ? <span className="visually-hidden">, {labels.slice(1).join(', ')}</span> : null}
    </span>
  );
}
