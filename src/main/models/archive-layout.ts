// Pure: checks an archive's listing, member by member, against what the model keeps, before a byte is written:
// safe paths, plain files and folders only (no links), the layout complete, and the total within the limit.
import {
  ArchiveProblem,
  keptMember,
  unsafeMemberReason,
  type ArchiveMember,
  type ArchivePlan,
  type KeptMember,
} from './archive-members.js';
import { ARCHIVE_MAX_MEMBERS, MEMBER_MIN_BYTES } from './unpack-limit.js';

/** A member as the archive lists it, with the size its header declares. */
export interface ListedMember extends ArchiveMember {
  size: number;
}

export interface ArchiveLimits {
  /** Bytes the archive's members may come to (kept members at least MEMBER_MIN_BYTES each). */
  maxBytes: number;
  /** The limit in words, for the refusal. */
  description: string;
}

export interface ArchiveLayout {
  /** Kept file (path in the model's folder) -> its declared size. */
  files: ReadonlyMap<string, number>;
  /** Kept folders, named by the archive or holding a kept file. */
  folders: ReadonlySet<string>;
}

export interface LayoutCheck {
  /** Checks the next member; throws ArchiveProblem naming it. Returns where a kept member lands. */
  add(member: ListedMember): KeptMember | undefined;
  /** Throws ArchiveProblem naming what the archive lacks. */
  finish(): ArchiveLayout;
}

/** A kept path deeper or longer than this is no model's: mkdir would fail on it, or nest without end. */
const MAX_DEPTH = 32;
const MAX_PATH_CHARS = 1024;

export function createLayoutCheck(plan: ArchivePlan, limits: ArchiveLimits): LayoutCheck {
  const files = new Map<string, number>();
  const folders = new Set<string>();
  let members = 0;
  let charged = 0;

  const ancestors = (target: string) =>
    target
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/'));
  const claimFolder = (target: string, member: ListedMember) => {
    for (const folder of [...ancestors(target), target]) {
      if (files.has(folder))
        throw new ArchiveProblem(`holds ${folder} both as a file and as a folder (${member.path})`);
      folders.add(folder);
    }
  };

  return {
    add(member) {
      members += 1;
      if (members > ARCHIVE_MAX_MEMBERS) throw new ArchiveProblem(`holds more than ${ARCHIVE_MAX_MEMBERS} members`);
      const reason = unsafeMemberReason(member);
      if (reason) throw new ArchiveProblem(`holds an unsafe member '${member.path}': ${reason}`);
      const kept = keptMember(member.path, plan);
      charged += kept ? Math.max(member.size, MEMBER_MIN_BYTES) : member.size;
      if (charged > limits.maxBytes) throw new ArchiveProblem(`unpacks to more than ${limits.description}`);
      if (!kept) return undefined;
      const { target } = kept;
      if (target.length > MAX_PATH_CHARS || target.split('/').length > MAX_DEPTH) {
        throw new ArchiveProblem(
          `holds ${member.path}, whose path is longer than ${MAX_PATH_CHARS} characters or ${MAX_DEPTH} folders deep`,
        );
      }
      if (member.kind === 'symlink' || member.kind === 'hardlink') {
        // No catalogue layout needs a link, and copies of links multiply what is written (a link to a folder of links).
        throw new ArchiveProblem(
          `holds ${member.path}, a link to ${member.linkTarget}: a model's files and folders must be plain ones, not links`,
        );
      }
      if (member.kind === 'directory') {
        if (kept.listed) throw new ArchiveProblem(`holds ${target} as a folder, not a file`);
        claimFolder(target, member);
        return kept;
      }
      if (member.kind !== 'file') throw new ArchiveProblem(`holds ${member.path}, which is not a plain file`);
      if (plan.directories.includes(target)) throw new ArchiveProblem(`holds ${target} as a file, not a folder`);
      if (folders.has(target))
        throw new ArchiveProblem(`holds ${target} both as a file and as a folder (${member.path})`);
      if (files.has(target)) throw new ArchiveProblem(`holds ${target} twice`);
      const parent = target.slice(0, Math.max(0, target.lastIndexOf('/')));
      if (parent) claimFolder(parent, member);
      files.set(target, member.size);
      return kept;
    },

    finish() {
      const missing = [
        ...plan.files.filter((name) => !files.has(name)),
        ...plan.directories.filter((name) => !folders.has(name)).map((name) => `the folder ${name}`),
      ];
      if (missing.length) throw new ArchiveProblem(`lacks ${missing.join(', ')}`);
      return { files, folders };
    },
  };
}
