// What the task queue says when its list could not be loaded: a database outage reads as one and is retried by
// itself after the service's Retry-After; any other failure keeps the service's message and a Try again button.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { errorFromBody } from '../../src/renderer/src/api/client.js';
import { describeLoadError, TasksLoadError } from '../../src/renderer/src/features/jobs/TasksLoadError.js';

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const OUTAGE_BODY =
  '{"code":"database_unavailable","message":"The service cannot reach its database (PostgreSQL) right now. Retry in a few seconds.","serverTs":"x"}';

describe('the queue load error', () => {
  it('reads a 503 database_unavailable with its Retry-After, and says it tries again every that many seconds', () => {
    const error = errorFromBody(503, 'Service Unavailable', OUTAGE_BODY, '7');
    expect(error).toMatchObject({ code: 'database_unavailable', status: 503, retryAfterSeconds: 7 });
    expect(describeLoadError(error)).toEqual({
      text: 'The service cannot reach its database right now. Trying again every 7 s…',
      retryInSeconds: 7,
    });
    expect(textOf(renderToStaticMarkup(<TasksLoadError error={error} onRetry={() => {}} />))).toBe(
      'The service cannot reach its database right now. Trying again every 7 s… Try now',
    );
  });

  it('keeps the service message of any other failure, without retrying by itself', () => {
    const error = errorFromBody(
      500,
      'Internal Server Error',
      '{"code":"internal","message":"An unexpected error happened inside DubDesk.","serverTs":"x"}',
    );
    expect(describeLoadError(error)).toEqual({
      text: 'Tasks could not be loaded: An unexpected error happened inside DubDesk.',
    });
    expect(textOf(renderToStaticMarkup(<TasksLoadError error={error} onRetry={() => {}} />))).toBe(
      'Tasks could not be loaded: An unexpected error happened inside DubDesk. Try again',
    );
  });
});
