// One chat-completions call to the LLM endpoint set in Settings: its address, the request, and what the user reads
// when it fails (refused key, unknown model, rate limit, redirect, timeout, not running), never with the key in it.
import { DubDeskError } from '../../../shared/errors.js';
import { AddressRefusedError, type ConnectGuard } from '../../files/guarded-lookup.js';
import { AnswerTooLargeError, postChat, type ChatAnswer } from './chat-request.js';
import { MalformedReply } from './chat-reply.js';

export interface LlmEndpoint {
  /** The API's base URL, e.g. http://localhost:11434/v1 (or the full …/chat/completions address). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Longest wait for one batch's answer. */
  timeoutMs?: number;
}

/** A chat answer is a few KB of JSON per batch; more is a broken or hostile server. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

export const DEFAULT_LLM_TIMEOUT_MS = 120_000;

/** The chat-completions address: a bare server gets /v1/chat/completions, an API base gets /chat/completions. */
export function chatCompletionsUrl(baseUrl: string): URL {
  const url = new URL(baseUrl.trim());
  const pathname = url.pathname.replace(/\/+$/, '');
  if (!pathname.endsWith('/chat/completions')) url.pathname = `${pathname === '' ? '/v1' : pathname}/chat/completions`;
  return url;
}

/** The system message (the task) and the user message (the batch, as JSON). */
export interface ChatMessages {
  system: string;
  user: string;
}

export function describeEndpoint(endpoint: LlmEndpoint): { url: URL; where: string } {
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

/** The answer's message content; MalformedReply for a body that is no chat completion, DubDeskError for the rest. */
export async function askChat(
  endpoint: LlmEndpoint,
  messages: ChatMessages,
  signal: AbortSignal,
  connectGuard?: ConnectGuard,
): Promise<string> {
  const { url, where } = describeEndpoint(endpoint);
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
          { role: 'system', content: messages.system },
          { role: 'user', content: messages.user },
        ],
      }),
      signal: AbortSignal.any([signal, timeout]),
      connectGuard,
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
        code === 'ENOTFOUND' ? 'no such host' : code === 'ECONNRESET' ? 'the connection was cut' : 'connection refused';
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
