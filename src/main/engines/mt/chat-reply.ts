// Reading an LLM's translation reply: the JSON object inside it, mapped back to the line ids asked. Lines the reply
// lacks are returned as missing, for the engine to ask again; only a reply with no usable JSON is malformed.

/** The reply holds nothing usable: no JSON object, or one not shaped as asked. */
export class MalformedReply extends Error {}

export interface ParsedReply {
  /** The translation of each asked line the reply answers once, by line id. */
  answered: Map<number, string>;
  /** Asked ids the reply lacks, gives no text for, answers twice, or replaced by an id not asked. */
  missing: number[];
}

function jsonObjectOf(content: string): object {
  // Reasoning models may think aloud first; some wrap JSON in a code fence.
  const text = content.replace(/<think>[\s\S]*?<\/think>/g, '').trim();
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first < 0 || last < first) throw new MalformedReply('the answer holds no JSON object');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(first, last + 1));
  } catch (error) {
    throw new MalformedReply(`the answer is not valid JSON (${(error as Error).message})`);
  }
  if (!parsed || typeof parsed !== 'object') throw new MalformedReply('the answer is not a JSON object');
  return parsed;
}

/** The translations of a reply for the asked `ids`; throws MalformedReply when it holds no usable JSON. */
export function parseReply(content: string, ids: readonly number[]): ParsedReply {
  const parsed = jsonObjectOf(content);
  // {"translations":[{"id","text"}]} as asked; {"1":"…"} keyed by id is accepted too.
  const list = (parsed as { translations?: unknown }).translations ?? parsed;
  if (!list || typeof list !== 'object') throw new MalformedReply('"translations" is not a list');
  const entries: [unknown, unknown][] = Array.isArray(list)
    ? list.map((item: { id?: unknown; text?: unknown } | null) => [item?.id, item?.text])
    : Object.entries(list as Record<string, unknown>);
  const answered = new Map<number, string>();
  const twice = new Set<number>();
  for (const [id, value] of entries) {
    const key = Number(id);
    // An id not asked (a renumbered line) is dropped: the asked line it stood for is then missing and asked again.
    if (!ids.includes(key) || typeof value !== 'string') continue;
    if (answered.has(key)) twice.add(key);
    answered.set(key, value.trim());
  }
  // Two texts for one line: neither can be trusted.
  for (const key of twice) answered.delete(key);
  return { answered, missing: ids.filter((id) => !answered.has(id)) };
}

/** Line ids as a user reads them: "line 4", "lines 2-5", "lines 2, 7, 9" (the first 10). */
export function describeLines(ids: readonly number[]): string {
  if (ids.length === 1) return `line ${ids[0]}`;
  const contiguous = ids.every((id, i) => i === 0 || id === ids[i - 1]! + 1);
  if (contiguous) return `lines ${ids[0]}-${ids.at(-1)}`;
  const more = ids.length > 10 ? ` and ${ids.length - 10} more` : '';
  return `lines ${ids.slice(0, 10).join(', ')}${more}`;
}
