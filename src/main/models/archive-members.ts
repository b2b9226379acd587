// Pure: which archive members a model keeps, and which members make the whole archive unsafe to open.
import path from 'node:path/posix';

/** What of an archive becomes the model's folder. */
export interface ArchivePlan {
  /** Leading folders dropped from member paths. */
  stripComponents: number;
  /** Plain file names kept at the folder's top. */
  files: readonly string[];
  /** Plain folder names kept whole, with everything under them. */
  directories: readonly string[];
}

/** The archive itself is wrong (unsafe, damaged, too big, lacking a file): fetching or extracting it again cannot help. */
export class ArchiveProblem extends Error {}

export type MemberKind = 'file' | 'directory' | 'symlink' | 'hardlink' | 'device' | 'other';

export interface ArchiveMember {
  /** The path as the archive stores it. */
  path: string;
  kind: MemberKind;
  /** Target of a link as stored (symlinks: relative to the link's folder; tar hard links: an archive path). */
  linkTarget?: string;
}

/** Where a kept member lands: a path relative to the model's folder, and whether it is a listed file. */
export interface KeptMember {
  target: string;
  listed: boolean;
}

/** Why a member makes the archive unsafe, or undefined when it is harmless. */
export function unsafeMemberReason(member: ArchiveMember): string | undefined {
  if (isAbsolute(member.path)) return 'its path is absolute';
  if (member.path.split(/[\\/]/).includes('..')) return "its path climbs out with '..'";
  if (member.kind === 'device') return 'it is a device or pipe, not a file';
  if (member.kind === 'symlink' || member.kind === 'hardlink') {
    const target = member.linkTarget ?? '';
    if (target === '' || isAbsolute(target)) return `it links to ${target || 'nothing'}, outside the archive`;
    const resolved = resolveLink(member);
    if (resolved === undefined) return `it links to ${target}, outside the archive`;
  }
  return undefined;
}

/** The archive path a link points at, or undefined when it points outside the archive. */
export function resolveLink(member: ArchiveMember): string | undefined {
  const target = (member.linkTarget ?? '').replace(/\\/g, '/');
  const joined =
    member.kind === 'hardlink'
      ? path.normalize(target)
      : path.normalize(path.join(path.dirname(clean(member.path)), target));
  if (joined === '..' || joined.startsWith('../') || path.isAbsolute(joined)) return undefined;
  return clean(joined);
}

/** The member's path with `.` and empty components dropped, then `stripComponents` leading folders. */
export function strippedPath(memberPath: string, stripComponents: number): string | undefined {
  const parts = clean(memberPath).split('/').filter(Boolean);
  if (parts.length <= stripComponents) return undefined;
  return parts.slice(stripComponents).join('/');
}

/** Where the member goes in the model's folder, or undefined when the model does not keep it. */
export function keptMember(memberPath: string, plan: ArchivePlan): KeptMember | undefined {
  const target = strippedPath(memberPath, plan.stripComponents);
  if (target === undefined) return undefined;
  if (plan.files.includes(target)) return { target, listed: true };
  const top = target.split('/')[0];
  if (plan.directories.includes(top)) return { target, listed: false };
  return undefined;
}

function clean(memberPath: string): string {
  return memberPath
    .replace(/\\/g, '/')
    .split('/')
    .filter((part) => part !== '' && part !== '.')
    .join('/');
}

function isAbsolute(memberPath: string): boolean {
  return memberPath.startsWith('/') || memberPath.startsWith('\\') || /^[A-Za-z]:/.test(memberPath);
}

/** The name the archive is saved under while it downloads: the URL's own name when it is a plain one. */
export function archiveFileName(url: string, format: string, taken: readonly string[]): string {
  let name = '';
  try {
    name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    name = '';
  }
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(name) && !taken.includes(name) ? name : `archive.${format}`;
}
