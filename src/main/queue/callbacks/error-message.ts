/** An error as one log line, with the system error code (ECONNREFUSED...) that explains it. */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  if (code && !error.message.includes(code)) return `${error.message} (${code})`;
  const cause = error.cause as { code?: string; message?: string } | undefined;
  const detail = cause?.code ?? cause?.message;
  return detail ? `${error.message} (${detail})` : error.message;
}
