// Pure: the jobs of kinds the GUI has no form of its own for, from their input fields in GET /v1/meta: one task per
// dropped file its main input takes (a kind registered later appears here with no renderer edit).
import type { KindMeta } from '../../api/client.js';
import { kindTitle } from '../../stores/kinds.js';
import type { FileKind } from './file-kinds.js';
import type { JobOffer, StagedFileRef } from './plan-jobs.js';

type KindInput = KindMeta['inputs'][number];

/** The request fields that put this file in the input: its URL, and the field saying its sort when the kind has one. */
export function inputFields(
  input: KindInput,
  file: { kind: FileKind; url?: string },
): Record<string, string> | undefined {
  const chosen = Object.entries(input.media_from?.values ?? {}).find(([, media]) => media === file.kind)?.[0];
  if (chosen === undefined && input.media !== file.kind) return undefined;
  return {
    [input.field]: file.url ?? '',
    ...(chosen !== undefined && input.media_from ? { [input.media_from.field]: chosen } : {}),
  };
}

export function mainInputOf(kind: KindMeta): KindInput | undefined {
  return kind.inputs.find((input) => input.main);
}

/** The files of a batch the kind's main input takes, one task each. */
export function filesForKind<T extends StagedFileRef>(kind: KindMeta, files: readonly T[]): T[] {
  const input = mainInputOf(kind);
  return input ? files.filter((file) => inputFields(input, file) !== undefined) : [];
}

/** An offer for each listed kind without a form of its own (`withForms`) whose main input takes some of the files. */
export function kindOffers(
  kinds: readonly KindMeta[],
  files: readonly StagedFileRef[],
  withForms: ReadonlySet<string>,
): JobOffer[] {
  return kinds.flatMap((kind) => {
    const taken = withForms.has(kind.id) ? [] : filesForKind(kind, files);
    if (taken.length === 0) return [];
    const title = kindTitle(kinds, kind.id);
    return [
      {
        choice: kind.id,
        count: taken.length,
        title,
        description:
          `A ${kind.title} task ` +
          `for ${taken.length === 1 ? 'the file' : `each of ${taken.length} files`}, its other ` +
          `fields given as JSON.`,
      },
    ];
  });
}
