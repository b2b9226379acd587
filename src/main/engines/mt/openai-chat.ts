// Translation by any OpenAI-compatible chat-completions endpoint the user sets (Ollama, LM Studio, llama.cpp server,
// a cloud key): lines go in batches with their neighbours as context, the job's prompt, the glossary and each line's
// length budget; the reply is JSON with one object per line id, checked before use. Network goes only to that URL.
import { DubDeskError } from '../../../shared/errors.js';
import { findLanguage } from '../../../shared/languages.js';
import { AddressRefusedError, type ConnectGuard } from '../../files/guarded-lookup.js';
import type { EngineSettings } from '../engine-set.js';
import { AnswerTooLargeError, postChat, type ChatAnswer } from './chat-request.js';
import { termsInSource } from './glossary-placeholders.js';
import type { GlossaryTerm, TranslationRequest, Translator } from './types.js';

export interface LlmEndpoint {
  /** The API's base URL, e.g. http://localhost:11434/v1 (or the full …/chat/completions address). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Longest wait for one batch's answer. */
  timeoutMs?: number;
}

export interface OpenAiChatOptions {
  /** Read at each use, so a change in Settings applies to the next job; undefined while not configured. */
  endpoint(): LlmEndpoint | undefined;
  /** Lines per request (default 20). */
  batchLines?: number;
  /** Neighbouring lines sent before and after each batch as context (default 3). */
  contextLines?: number;
  /** Which addresses the endpoint may be at (the rules of callback_url); link-local and unspecified never. */
  connectGuard?: ConnectGuard;
}

/** A chat answer is a few KB of JSON per batch; more is a broken or hostile server. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

export const DEFAULT_LLM_TIMEOUT_MS = 120_000;

/** The endpoint from the settings (llm_base_url, llm_model, llm_api_key, llm_timeout_seconds); undefined until URL and model are set. */
export function llmEndpointFromSettings(settings: EngineSettings): LlmEndpoint | undefined {
  const baseUrl = settings.get('llm_base_url')?.trim();
  const model = settings.get('llm_model')?.trim();
  if (!baseUrl || !model) return undefined;
  const apiKey = settings.get('llm_api_key')?.trim();
  const seconds = Number(settings.get('llm_timeout_seconds'));
  return { baseUrl, model, ...(apiKey ? { apiKey } : {}), ...(seconds > 0 ? { timeoutMs: seconds * 1000 } : {}) };
}

/** The chat-completions address: a bare server gets /v1/chat/completions, an API base gets /chat/completions. */
export function chatCompletionsUrl(baseUrl: string): URL {
  const url = new URL(baseUrl.trim());
  const pathname = url.pathname.replace(/\/+$/, '');
  if (!pathname.endsWith('/chat/completions')) url.pathname = `${pathname === '' ? '/v1' : pathname}/chat/completions`;
  return url;
}

const languageName = (code: string) => findLanguage(code)?.name ?? code;

interface BatchLine {
  id: number;
  text: string;
  max_chars?: number;
}

const SYSTEM_PROMPT = [
  'You translate subtitles and dubbing scripts. Translate every line of "lines" from the source language to the target language.',
  'Lines in "context_before" and "context_after" are the neighbouring lines, for meaning only: do not translate them.',
  'Where a line has "max_chars", its translation must fit in that many characters so the ' +
    'dub fits its time: shorten the wording, never drop meaning.',
  'Translate each glossary term as its given target, exactly.',
  'Follow "instructions" when given.',
  'Answer with JSON only, no other text: {"translations":[{"id":<line id>,"text":"<translation>"}]}, one object per line id, each id once.',
].join(' ');

/** The user message: everything the model needs for one batch, as JSON. */
function batchPrompt(request: TranslationRequest, start: number, end: number, contextLines: number): string {
  const lines: BatchLine[] = request.texts.slice(start, end).map((text, i) => {
    const maxChars = request.maxChars?.[start + i];
    return { id: start + i + 1, text, ...(maxChars !== undefined ? { max_chars: maxChars } : {}) };
  });
  const glossary = request.glossary.filter((term) => lines.some((line) => termsInSource(line.text, [term]).length > 0));
  return JSON.stringify(
    {
      source_language: languageName(request.sourceLanguage),
      target_language: languageName(request.targetLanguage),
      ...(request.userPrompt?.trim() ? { instructions: request.userPrompt.trim() } : {}),
      ...(glossary.length
        ? { glossary: glossary.map((term: GlossaryTerm) => ({ source: term.source, target: term.target })) }
        : {}),
      context_before: request.texts.slice(Math.max(0, start - contextLines), start),
      lines,
      context_after: request.texts.slice(end, end + contextLines),
    },
    null,
    1,
  );
}

class MalformedReply extends Error {}

/** The translations of a reply, by line id; throws MalformedReply saying what is wrong. */
export function parseReply(content: string, ids: number[]): Map<number, string> {
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
  // {"translations":[{"id","text"}]} as asked; {"1":"…"} keyed by id is accepted too.
  const list = (parsed as { translations?: unknown }).translations ?? parsed;
  const entries: [unknown, unknown][] = Array.isArray(list)
    ? list.map((item: { id?: unknown; text?: unknown } | null) => [item?.id, item?.text])
    : Object.entries(list as Record<string, unknown>);
  const byId = new Map<number, string>();
  for (const [id, value] of entries) {
    const key = Number(id);
    if (!ids.includes(key)) throw new MalformedReply(`it answered line id ${String(id)}, which was not asked`);
    if (typeof value !== 'string') throw new MalformedReply(`line ${key} has no text`);
    if (byId.has(key)) throw new MalformedReply(`line ${key} is answered twice`);
    byId.set(key, value.trim());
  }
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length)
    throw new MalformedReply(
      `${missing.length} of ${ids.length} lines are missing (line ${missing.slice(0, 5).join(', ')})`,
    );
  return byId;
}

export function createOpenAiChatTranslator(options: OpenAiChatOptions): Translator {
  const batchLines = Math.max(1, options.batchLines ?? 20);
  const contextLines = Math.max(0, options.contextLines ?? 3);

  function describe(endpoint: LlmEndpoint): { url: URL; where: string } {
    let url: URL;
    try {
      url = chatCompletionsUrl(endpoint.baseUrl);
    } catch {
      throw new DubDeskError(
        'engine_failed',
        `The LLM base URL '${endpoint.baseUrl}' is not a URL: set llm_base_url in Settings (for example http://localhost:11434/v1).`,
        { retryable: false },
      );
    }
    return { url, where: `${endpoint.model} at ${url.host}` };
  }

  /** Never lets the key into a message, whatever a server echoes. */
  const scrub = (text: string, endpoint: LlmEndpoint) =>
    endpoint.apiKey ? text.split(endpoint.apiKey).join('***') : text;

  function httpFailure(response: ChatAnswer, endpoint: LlmEndpoint, url: URL, where: string): DubDeskError {
    const { body } = response;
    let detail = body;
    try {
      const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string };
      detail = (typeof parsed.error === 'string' ? parsed.error : parsed.error?.message) ?? parsed.message ?? body;
    } catch {
      // Not JSON: the text itself.
    }
    detail = scrub(detail.replace(/\s+/g, ' ').trim().slice(0, 300), endpoint);
    const status = `HTTP ${response.status}${detail ? `: ${detail}` : ''}`;
    const fail = (message: string, retryable = false) => new DubDeskError('engine_failed', message, { retryable });
    if (response.status === 401 || response.status === 403) {
      return fail(
        `The LLM endpoint at ${url.host} refused the API key (${status}). ${endpoint.apiKey ? 'Check' : 'Set'} llm_api_key in Settings.`,
      );
    }
    if (response.status === 404) {
      return fail(
        `The LLM endpoint at ${url.host} has no model '${endpoint.model}' or no chat-completions ` +
          `route at ${url.pathname} (${status}). Check llm_model and llm_base_url in Settings (with ` +
          `Ollama: ollama pull ${endpoint.model}).`,
      );
    }
    if (response.status === 429)
      return fail(`The LLM endpoint at ${url.host} is rate-limiting requests (${status}); try again later.`, true);
    // Only the configured address is asked: a redirect elsewhere is not followed.
    if (response.status >= 300 && response.status < 400)
      return fail(
        `The LLM endpoint at ${url.host} answered with a redirect (HTTP ${response.status}), ` +
          `which is not followed: set llm_base_url in Settings to the final address.`,
      );
    return fail(`The LLM ${where} failed (${status}).`, response.status >= 500);
  }

  async function ask(endpoint: LlmEndpoint, prompt: string, signal: AbortSignal): Promise<string> {
    const { url, where } = describe(endpoint);
    const timeoutMs = endpoint.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const response = await postChat(url, {
        headers: {
          'content-type': 'application/json',
          ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: endpoint.model,
          temperature: 0.2,
          stream: false,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content: prompt },
          ],
        }),
        signal: AbortSignal.any([signal, timeout]),
        connectGuard: options.connectGuard,
        maxAnswerBytes: MAX_ANSWER_BYTES,
      });
      if (response.status < 200 || response.status >= 300) throw httpFailure(response, endpoint, url, where);
      let body: { choices?: { message?: { content?: unknown } }[] };
      try {
        body = JSON.parse(response.body) as typeof body;
      } catch {
        throw new MalformedReply('the answer is not a chat-completions JSON body');
      }
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new MalformedReply('the answer has no choices[0].message.content');
      return content;
    } catch (error) {
      if (error instanceof DubDeskError || error instanceof MalformedReply) throw error;
      if (signal.aborted) throw new DubDeskError('cancelled', 'Translation was cancelled.', { cause: signal.reason });
      if (timeout.aborted) {
        throw new DubDeskError(
          'engine_failed',
          `The LLM ${where} did not answer ` +
            `within ${timeoutMs >= 10_000 ? Math.round(timeoutMs / 1000) : Number((timeoutMs / 1000).toFixed(1))} ` +
            `s. A slow model may need a longer llm_timeout_seconds in Settings.`,
          { retryable: true },
        );
      }
      // The address will not change its range by waiting: the job fails at once, before any byte (or the key) is sent.
      if (error instanceof AddressRefusedError) {
        throw new DubDeskError(
          'engine_failed',
          `The LLM endpoint at ${url.origin} was not contacted: ${error.message}. Fix llm_base_url in Settings.`,
          { retryable: false },
        );
      }
      if (error instanceof AnswerTooLargeError)
        throw new DubDeskError('engine_failed', `The LLM ${where} failed: ${error.message}.`, { retryable: false });
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH' || code === 'ECONNRESET') {
        const why =
          code === 'ENOTFOUND'
            ? 'no such host'
            : code === 'ECONNRESET'
              ? 'the connection was cut'
              : 'connection refused';
        throw new DubDeskError(
          'engine_failed',
          `The LLM endpoint at ${url.origin} is not running (${why}). Start the server (Ollama, LM ` +
            `Studio, llama.cpp) or fix llm_base_url in Settings.`,
          { retryable: true },
        );
      }
      throw new DubDeskError(
        'engine_failed',
        `The LLM ${where} could not be reached: ${scrub((error as Error).message, endpoint)}.`,
        { retryable: true },
      );
    }
  }

  /** One batch; a reply without the JSON asked for is asked again once. */
  async function translateBatch(
    endpoint: LlmEndpoint,
    request: TranslationRequest,
    start: number,
    end: number,
  ): Promise<string[]> {
    const ids = Array.from({ length: end - start }, (_, i) => start + i + 1);
    const prompt = batchPrompt(request, start, end, contextLines);
    let problem = '';
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      try {
        const byId = parseReply(await ask(endpoint, prompt, request.signal), ids);
        return ids.map((id) => byId.get(id)!);
      } catch (error) {
        if (!(error instanceof MalformedReply)) throw error;
        problem = error.message;
      }
    }
    throw new DubDeskError(
      'engine_failed',
      `The LLM ${describe(endpoint).where} answered lines ${ids[0]}-${ids.at(-1)} twice without ` +
        `the JSON asked for (${problem}). A larger or instruction-tuned model may do better.`,
      { retryable: true },
    );
  }

  const current = () => options.endpoint();

  return {
    id: 'llm',
    get title() {
      const endpoint = current();
      if (!endpoint) return 'LLM (not configured)';
      try {
        return `LLM: ${endpoint.model} at ${chatCompletionsUrl(endpoint.baseUrl).host}`;
      } catch {
        return `LLM: ${endpoint.model}`;
      }
    },
    quality: 'standard',
    isAvailable: () => current() !== undefined,
    supports: (source, target) => current() !== undefined && source !== target,

    async translate(request) {
      const endpoint = current();
      if (!endpoint)
        throw new DubDeskError(
          'engine_failed',
          'No LLM endpoint is configured: set llm_base_url and llm_model in Settings.',
          { retryable: false },
        );
      const out: string[] = [];
      for (let start = 0; start < request.texts.length; start += batchLines) {
        if (request.signal.aborted)
          throw new DubDeskError('cancelled', 'Translation was cancelled.', { cause: request.signal.reason });
        const end = Math.min(request.texts.length, start + batchLines);
        out.push(...(await translateBatch(endpoint, request, start, end)));
        request.onProgress?.(end / request.texts.length);
      }
      return out;
    },
  };
}
