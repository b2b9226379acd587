// Pure: a request as a shell command a user can paste, with the key left as an environment variable.

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export interface ApiRequest {
  method: string;
  path: string;
  body?: unknown;
}

/** `curl` for a JSON API request; the key is never written out, only `$DUBDESK_API_KEY`. */
export function curlCommand(baseUrl: string, request: ApiRequest): string {
  const lines = [
    `curl -X ${request.method} ${shellQuote(`${baseUrl}${request.path}`)}`,
    `  -H "Authorization: Bearer $DUBDESK_API_KEY"`,
  ];
  if (request.body !== undefined) {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  -d ${shellQuote(JSON.stringify(request.body, null, 2))}`);
  }
  return lines.join(' \\\n');
}
