// Bergamot (Firefox Translations): Mozilla's offline Marian models, one per pair to or from English, run by the
// @browsermt/bergamot-translator WASM engine. Pairs without English go through it (two models) when both are installed.
import fs from 'node:fs';
import { DubDeskError } from '../../../shared/errors.js';
import { findLanguage } from '../../../shared/languages.js';
import type { CatalogueEntry } from '../../models/catalogue.js';
import { bergamotModelId } from '../../models/entries/translation.js';
import { missingModelError } from '../missing-model.js';
import type { EngineModels } from '../registry.js';
import {
  startBergamotWorker,
  type BergamotBuffers,
  type BergamotPair,
  type BergamotWorker,
} from './bergamot-worker.js';
import { HTML_PLACEHOLDERS, protectTerms, termsInSource } from './glossary-placeholders.js';
import type { TranslationRequest, Translator } from './types.js';
import { engineRow } from '../capability-table.js';

export const BERGAMOT_TITLE = engineRow('translation', 'bergamot').title;
const PIVOT = 'en';
/** Lines per call into the engine: progress and cancellation are checked between batches. */
const BATCH_LINES = 16;

export interface BergamotTranslator extends Translator {
  dispose(): Promise<void>;
}

/** The engine's file roles from the published names: model.*, lex.* (shortlist), vocab.* or srcvocab.* + trgvocab.*. */
function readBuffers(models: EngineModels, id: string): BergamotBuffers {
  const installed = models.requireInstalled(id);
  const names = installed.entry.files.map((file) => file.name);
  const pick = (prefix: string) => names.find((name) => name.startsWith(prefix));
  const read = (name: string | undefined): ArrayBuffer => {
    if (!name)
      throw new DubDeskError(
        'engine_failed',
        `${installed.entry.title} (${id}) lacks a file the engine needs; remove it and install it again.`,
      );
    const bytes = fs.readFileSync(installed.file(name));
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer;
  };
  const shared = pick('vocab.');
  const vocab = shared ? read(shared) : undefined;
  return {
    model: read(pick('model.')),
    shortlist: read(pick('lex.')),
    vocabs: vocab ? [vocab] : [read(pick('srcvocab.')), read(pick('trgvocab.'))],
  };
}

/**
 * The catalogue model a pair needs, for a model_not_installed message: the direct one, else the first missing leg
 * through English; undefined when Firefox Translations publishes neither.
 */
export function bergamotModelFor(
  models: Pick<EngineModels, 'catalogue' | 'isInstalled'>,
  source: string,
  target: string,
): CatalogueEntry | undefined {
  const direct = models.catalogue.find(bergamotModelId(source, target));
  if (direct || source === PIVOT || target === PIVOT) return direct;
  const legs = [bergamotModelId(source, PIVOT), bergamotModelId(PIVOT, target)].map((id) => models.catalogue.find(id));
  if (legs.some((leg) => !leg)) return undefined;
  return legs.find((leg) => !models.isInstalled(leg!.id)) ?? legs[0];
}

function missingBergamotModel(models: EngineModels, source: string, target: string): DubDeskError {
  const names = (code: string) => findLanguage(code)?.name ?? code;
  return missingModelError({
    work: `Translating ${names(source)} to ${names(target)}`,
    capability: 'translation',
    entry: bergamotModelFor(models, source, target),
  });
}

export function createBergamotTranslator(models: EngineModels): BergamotTranslator {
  let worker: Promise<BergamotWorker> | undefined;
  /** Model id -> the install it was loaded from (a reinstall loads the new files). */
  const loaded = new Map<string, string>();
  let queue: Promise<unknown> = Promise.resolve();

  const installed = (source: string, target: string) => models.isInstalled(bergamotModelId(source, target));
  const entries = (): CatalogueEntry[] =>
    models.catalogue.entries().filter((entry) => entry.id.startsWith('bergamot-'));

  /** The models a pair needs, in order: one direct, or two through English. */
  function route(source: string, target: string): string[] | undefined {
    if (source === target) return undefined;
    if (installed(source, target)) return [bergamotModelId(source, target)];
    if (source !== PIVOT && target !== PIVOT && installed(source, PIVOT) && installed(PIVOT, target)) {
      return [bergamotModelId(source, PIVOT), bergamotModelId(PIVOT, target)];
    }
    return undefined;
  }

  const pairOf = (id: string): BergamotPair => {
    const [, from, to] = id.split('-');
    return { from, to };
  };

  async function liveWorker(): Promise<BergamotWorker> {
    const current = worker ? await worker.catch(() => undefined) : undefined;
    if (current && !current.dead) return current;
    loaded.clear();
    worker = startBergamotWorker();
    return worker;
  }

  async function stopWorker(): Promise<void> {
    const current = worker;
    worker = undefined;
    loaded.clear();
    await (await current?.catch(() => undefined))?.terminate();
  }

  function failure(ids: string[], error: unknown): DubDeskError {
    if (error instanceof DubDeskError) return error;
    const reason = (error instanceof Error ? error.message : String(error)).replace(/\.\s*$/, '');
    const titles = ids.map((id) => `${models.catalogue.find(id)?.title ?? id} (${id})`).join(' and ');
    const reinstall = ids.map((id) => `dubdesk models remove ${id} && dubdesk models install ${id}`).join('; ');
    return new DubDeskError(
      'engine_failed',
      `${BERGAMOT_TITLE} could not translate with ${titles}: ${reason}. If the model files are damaged, install them again (${reinstall}).`,
      { cause: error },
    );
  }

  async function translateNow(request: TranslationRequest, ids: string[]): Promise<string[]> {
    const engine = await liveWorker();
    try {
      for (const id of ids) {
        const since = models.requireInstalled(id).manifest.installedAt;
        if (loaded.get(id) === since) continue;
        if (loaded.has(id)) await engine.freeModel(pairOf(id));
        await engine.loadModel(pairOf(id), readBuffers(models, id));
        loaded.set(id, since);
      }
      const out: string[] = [];
      for (let at = 0; at < request.texts.length; at += BATCH_LINES) {
        if (request.signal.aborted)
          throw new DubDeskError('cancelled', 'Translation was cancelled.', { cause: request.signal.reason });
        const lines = request.texts.slice(at, at + BATCH_LINES);
        // Lines with glossary terms go in markup mode, where Bergamot carries each marked term's element through.
        const prepared = lines.map((text) => {
          if (termsInSource(text, request.glossary).length === 0)
            return { text, html: false, restore: (plain: string) => plain };
          const guarded = protectTerms(text, request.glossary, HTML_PLACEHOLDERS);
          return { text: guarded.text, html: true, restore: guarded.restore };
        });
        const results = await engine.translate(
          ids.map(pairOf),
          prepared.map(({ text, html }) => ({ text, html })),
        );
        results.forEach((result, i) => out.push(prepared[i].restore(result).trim()));
        request.onProgress?.(Math.min(1, (at + lines.length) / request.texts.length));
      }
      return out;
    } catch (error) {
      // After an abort the WASM state is unknown: the next call starts a fresh engine.
      if (!(error instanceof DubDeskError && error.code === 'cancelled')) await stopWorker();
      throw failure(ids, error);
    }
  }

  return {
    id: 'bergamot',
    title: BERGAMOT_TITLE,
    quality: 'standard',
    isAvailable: () => entries().some((entry) => models.isInstalled(entry.id)),
    supports: (source, target) => route(source, target) !== undefined,

    translate(request) {
      const ids = route(request.sourceLanguage, request.targetLanguage);
      if (!ids) return Promise.reject(missingBergamotModel(models, request.sourceLanguage, request.targetLanguage));
      if (request.texts.length === 0) return Promise.resolve([]);
      // One engine thread: calls take turns.
      const run = queue.then(() => translateNow(request, ids));
      queue = run.catch(() => undefined);
      return run;
    },

    dispose: stopWorker,
  };
}
