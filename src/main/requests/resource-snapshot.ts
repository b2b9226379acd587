// The glossaries and subtitle style a job names, copied into its work dir when it is created: a glossary or
// style edited or deleted later changes neither a running job nor its retry, and stages never read the database.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';
import {
  BUILTIN_SUBTITLE_STYLES,
  DEFAULT_SUBTITLE_STYLE_ID,
  type SubtitleStyle,
} from '../../shared/schemas/subtitle-styles.js';
import { writeFileAtomic } from '../files/atomic-write.js';
import type { Glossary } from '../store/glossaries-repository.js';
import type { SubtitleStylesRepository } from '../store/subtitle-styles-repository.js';

/** Where the snapshot lives, relative to the work dir (a retry's copy of the folder keeps it). */
export const RESOURCES_FILE = path.join('inputs', 'resources.json');

export type SnapshotGlossary = Pick<Glossary, 'id' | 'name' | 'sourceLanguage' | 'targetLanguage' | 'entries'>;

export interface JobResources {
  /** The glossaries of glossary_ids, in the request's order, as they were at create time. */
  glossaries: SnapshotGlossary[];
  /** The style of subtitle_style_id (built in or the user's) as it was at create time; null when none is named. */
  subtitleStyle: SubtitleStyle | null;
}

export interface ResourceSources {
  glossaries: { get(id: string): Promise<Glossary | undefined> };
  subtitleStyles: Pick<SubtitleStylesRepository, 'resolve'>;
}

interface NamedResources {
  glossary_ids?: unknown;
  subtitle_style_id?: unknown;
}

function glossaryIdsOf(request: NamedResources): string[] {
  return Array.isArray(request.glossary_ids) ? request.glossary_ids.map(String) : [];
}

function namesResources(request: NamedResources): boolean {
  return glossaryIdsOf(request).length > 0 || typeof request.subtitle_style_id === 'string';
}

/** Copies what the request names; a glossary or style deleted since the request was checked is not_found. */
export async function takeResourceSnapshot(request: NamedResources, sources: ResourceSources): Promise<JobResources> {
  const glossaries: SnapshotGlossary[] = [];
  for (const id of glossaryIdsOf(request)) {
    const glossary = await sources.glossaries.get(id);
    if (!glossary)
      throw new DubDeskError('not_found', `Glossary ${id} does not exist; GET /v1/glossaries lists yours.`);
    const { name, sourceLanguage, targetLanguage, entries } = glossary;
    glossaries.push({ id, name, sourceLanguage, targetLanguage, entries });
  }
  const styleId = typeof request.subtitle_style_id === 'string' ? request.subtitle_style_id : undefined;
  return { glossaries, subtitleStyle: styleId === undefined ? null : await sources.subtitleStyles.resolve(styleId) };
}

/**
 * Writes the snapshot of a new job into its work dir (before its task exists, so no stage can run without it);
 * a request that names no glossary or style gets none.
 */
export async function snapshotJobResources(
  request: NamedResources,
  workDir: string,
  sources: ResourceSources,
): Promise<void> {
  if (!namesResources(request)) return;
  await writeFileAtomic(
    path.join(workDir, RESOURCES_FILE),
    `${JSON.stringify(await takeResourceSnapshot(request, sources), null, 2)}\n`,
  );
}

/** What a stage reads: the job's snapshot, or nothing for a job that names no glossary or style. */
export async function readJobResources(workDir: string, request: NamedResources): Promise<JobResources> {
  const file = path.join(workDir, RESOURCES_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || namesResources(request)) {
      throw new DubDeskError(
        'not_found',
        `This job's copy of its glossaries and subtitle style (${RESOURCES_FILE}) is missing; create the job again.`,
        { cause: error },
      );
    }
    return { glossaries: [], subtitleStyle: null };
  }
  return JSON.parse(text) as JobResources;
}

/** The style a job burns subtitles with: its snapshot's, or builtin:default when the request named none. */
export function subtitleStyleOf(resources: JobResources): SubtitleStyle {
  return resources.subtitleStyle ?? BUILTIN_SUBTITLE_STYLES.find((style) => style.id === DEFAULT_SUBTITLE_STYLE_ID)!;
}
