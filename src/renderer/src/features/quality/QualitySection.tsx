import type { QualityReport } from '../../api/client.js';
import { qualityFacts } from './quality-words.js';
import { ReviewList } from './ReviewList.js';

interface QualitySectionProps {
  report: QualityReport;
  /** Moves the page's players to a place to review (none: the page has no player). */
  onSeek?(seconds: number): void;
}

/** A finished job's quality report: what was measured on the result, in words, and where to look. */
export function QualitySection({ report, onSeek }: QualitySectionProps) {
  const facts = qualityFacts(report);
  return (
    <section className="quality" aria-labelledby="quality-title">
      <h3 id="quality-title">Quality</h3>
      {facts.length ? (
        <ul className="quality-facts" aria-label="Measured on the result">
          {facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      ) : null}
      {report.review.length === 0 ? (
        <p className="quality-clear">Nothing needs a look.</p>
      ) : (
        <>
          <p className="quality-review-head">
            {report.review.length + (report.review_omitted ?? 0) === 1
              ? 'One place needs a look'
              : `${report.review.length + (report.review_omitted ?? 0)} places need a look`}
            {onSeek ? ' (choose one to go there):' : ':'}
          </p>
          <ReviewList review={report.review} onSeek={onSeek} />
          {report.review_omitted ? (
            <p className="muted">And {report.review_omitted} more: the task log names every one.</p>
          ) : null}
        </>
      )}
    </section>
  );
}
