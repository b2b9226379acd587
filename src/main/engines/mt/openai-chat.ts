// Translation by any OpenAI-compatible chat-completions endpoint the user sets (Ollama, LM Studio, llama.cpp server,
// a cloud key): lines go in batches with their neighbours as context, the job's prompt, the glossary and each line's
// length budget; the reply is JSON with one object per line id, checked before use, and lines it lacks are asked for
// again. Network goes only to that URL.
import { DubDeskError } from '../../../shared/errors.js';
import { findLanguage } from '../../../shared/languages.js';
import type { ConnectGuard } from '../../files/guarded-lookup.js';
import type { EngineSettings } from '../engine-set.js';
import { askChat, chatCompletionsUrl, describeEndpoint, type LlmEndpoint } from './chat-endpoint.js';
import { describeLines, MalformedReply, parseReply } from './chat-reply.js';
import { termsInSource } from './glossary-placeholders.js';
import type { GlossaryTerm, TranslationRequest, Translator } from './types.js';

export { chatCompletionsUrl, DEFAULT_LLM_TIMEOUT_MS, type LlmEndpoint } from './chat-endpoint.js';

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

/** The endpoint from the settings (llm_base_url, llm_model, llm_api_key, llm_timeout_seconds); undefined until URL and model are set. */
export function llmEndpointFromSettings(settings: EngineSettings): LlmEndpoint | undefined {
  const baseUrl = settings.get('llm_base_url')?.trim();
  const model = settings.get('llm_model')?.trim();
  if (!baseUrl || !model) return undefined;
  const apiKey = settings.get('llm_api_key')?.trim();
  const seconds = Number(settings.get('llm_timeout_seconds'));
  return { baseUrl, model, ...(apiKey ? { apiKey } : {}), ...(seconds > 0 ? { timeoutMs: seconds * 1000 } : {}) };
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

/** The user message for the asked line ids (1-based, ascending): everything the model needs, as JSON. */
function batchPrompt(request: TranslationRequest, ids: readonly number[], contextLines: number): string {
  const lines: BatchLine[] = ids.map((id) => {
    const maxChars = request.maxChars?.[id - 1];
    return { id, text: request.texts[id - 1]!, ...(maxChars !== undefined ? { max_chars: maxChars } : {}) };
  });
  const glossary = request.glossary.filter((term) => lines.some((line) => termsInSource(line.text, [term]).length > 0));
  const first = ids[0]! - 1;
  const last = ids.at(-1)!;
  return JSON.stringify(
    {
      source_language: languageName(request.sourceLanguage),
      target_language: languageName(request.targetLanguage),
      ...(request.userPrompt?.trim() ? { instructions: request.userPrompt.trim() } : {}),
      ...(glossary.length
        ? { glossary: glossary.map((term: GlossaryTerm) => ({ source: term.source, target: term.target })) }
        : {}),
      context_before: request.texts.slice(Math.max(0, first - contextLines), first),
      lines,
      context_after: request.texts.slice(last, last + contextLines),
    },
    null,
    1,
  );
}

/** Asking again for the lines a reply left out, before the batch fails. */
const MAX_REASKS = 2;

export function createOpenAiChatTranslator(options: OpenAiChatOptions): Translator {
  const batchLines = Math.max(1, options.batchLines ?? 20);
  const contextLines = Math.max(0, options.contextLines ?? 3);

  /**
   * One batch: a reply without the JSON asked for is asked again once; lines a reply leaves out are asked for again,
   * alone, at most MAX_REASKS times.
   */
  async function translateBatch(
    endpoint: LlmEndpoint,
    request: TranslationRequest,
    start: number,
    end: number,
  ): Promise<string[]> {
    const ids = Array.from({ length: end - start }, (_, i) => start + i + 1);
    const answered = new Map<number, string>();
    let asking = ids;
    let reasks = 0;
    let malformed = 0;
    for (;;) {
      let reply: ReturnType<typeof parseReply>;
      try {
        const user = batchPrompt(request, asking, contextLines);
        const content = await askChat(endpoint, { system: SYSTEM_PROMPT, user }, request.signal, options.connectGuard);
        reply = parseReply(content, asking);
      } catch (error) {
        if (!(error instanceof MalformedReply)) throw error;
        malformed += 1;
        if (malformed < 2) continue;
        throw new DubDeskError(
          'engine_failed',
          `The LLM ${describeEndpoint(endpoint).where} answered ${describeLines(asking)} twice without ` +
            `the JSON asked for (${error.message}). A larger or instruction-tuned model may do better.`,
          { retryable: true },
        );
      }
      for (const [id, text] of reply.answered) answered.set(id, text);
      if (!reply.missing.length) return ids.map((id) => answered.get(id)!);
      if (reasks === MAX_REASKS) throw linesMissing(endpoint, reply.missing);
      reasks += 1;
      asking = reply.missing;
    }
  }

  function linesMissing(endpoint: LlmEndpoint, missing: readonly number[]): DubDeskError {
    return new DubDeskError(
      'engine_failed',
      `The LLM ${describeEndpoint(endpoint).where} left ${describeLines(missing)} untranslated: its answers lacked ` +
        `${missing.length === 1 ? 'it' : 'them'} even when asked again ${MAX_REASKS} times for only the missing ` +
        'lines. A larger or instruction-tuned model may do better.',
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
