interface ReviewBarProps {
  /** Lines the origin task's quality report asks to look at. */
  count: number;
  onlyReview: boolean;
  onFilter(onlyReview: boolean): void;
  onNext(): void;
}

/** Above the lines: show only those needing review, and go to the next of them. */
export function ReviewBar({ count, onlyReview, onFilter, onNext }: ReviewBarProps) {
  return (
    <div className="review-bar" role="group" aria-label="Lines to review">
      <label className="check">
        <input type="checkbox" checked={onlyReview} onChange={(event) => onFilter(event.target.checked)} />
        Needs review only ({count} line{count === 1 ? '' : 's'})
      </label>
      <button type="button" className="secondary small" onClick={onNext}>
        Next to review
      </button>
    </div>
  );
}
