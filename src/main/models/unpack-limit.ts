// How much one install may unpack (archive members, .gz files): a fixed multiple of the catalogue size, so a small
// archive or .gz cannot fill the disk. Real archives unpack to about twice their size (Whisper's keep fp32 and int8).
import { formatBytes } from '../files/byte-size.js';

export const UNPACK_LIMIT_MULTIPLE = 4;
/** Each kept member costs at least a disk block: a million empty files fill a disk too. */
export const MEMBER_MIN_BYTES = 4096;
/** Real model archives hold a few hundred members (eSpeak's data); this bounds the listing kept in memory. */
export const ARCHIVE_MAX_MEMBERS = 100_000;

/** An archive or .gz would unpack to more than the install may write. */
export class UnpackLimitExceeded extends Error {}

export interface UnpackBudget {
  /** Bytes still allowed. */
  remaining(): number;
  spend(bytes: number): void;
  /** The limit in words, for messages: "268 MB (4 times the catalogue size of 67 MB)". */
  readonly description: string;
}

export function unpackBudget(catalogueBytes: number): UnpackBudget {
  const limit = UNPACK_LIMIT_MULTIPLE * catalogueBytes;
  let spent = 0;
  return {
    remaining: () => Math.max(0, limit - spent),
    spend(bytes) {
      spent += bytes;
    },
    description: `${formatBytes(limit)} (${UNPACK_LIMIT_MULTIPLE} times the catalogue size of ${formatBytes(catalogueBytes)})`,
  };
}
