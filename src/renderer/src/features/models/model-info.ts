// Pure: words and numbers the models page shows for a model and its install, and where an import comes from.
import type { InstallProgress, ModelRecord } from '../../api/client.js';
import { formatBytes, formatPercent } from '../../lib/format.js';

export const TASK_LABELS: Record<ModelRecord['task'], string> = {
  asr: 'Speech recognition',
  mt: 'Machine translation',
  tts: 'Voices',
  diarization: 'Speaker diarization',
  lipsync: 'Lip-sync',
  face_restore: 'Face restoration',
  separation: 'Speech and music separation',
  inpaint: 'Text removal',
  vad: 'Speech detection',
  ocr: 'On-screen text reading',
};

/** The model's commercial-use statement as the page words it beside the license. */
export const COMMERCIAL_USE_TEXT: Record<NonNullable<ModelRecord['commercial_use']>, string> = {
  allowed: 'commercial use: allowed',
  not_allowed: 'commercial use: not allowed',
  unclear: 'commercial use: unclear',
};

export const NOT_USED_YET = 'Not used yet';
export const NOT_USED_TEXT =
  'Not used yet: nothing in this DubDesk version uses this model, so it is not offered for install.';

const BUSY_STATES = new Set<InstallProgress['state']>(['downloading', 'copying', 'verifying', 'extracting']);
const VERBS: Partial<Record<InstallProgress['state'], string>> = {
  downloading: 'Downloading',
  copying: 'Copying',
  extracting: 'Extracting',
};

export function isInstalling(install: InstallProgress | undefined): boolean {
  return install ? BUSY_STATES.has(install.state) : false;
}

/** 0..1 of the install (extracting: of the archive read); verifying counts as all bytes in. */
export function installFraction(install: InstallProgress): number {
  if (install.state === 'verifying' || install.state === 'installed') return 1;
  return install.total_bytes ? Math.min(1, install.received_bytes / install.total_bytes) : 0;
}

export function installProgressText(install: InstallProgress): string {
  if (install.state === 'verifying') return 'Checking the files…';
  const verb = VERBS[install.state] ?? 'Downloading';
  const file = install.file ? ` ${install.file}:` : '';
  if (!install.total_bytes) return `${verb}${file} ${formatBytes(install.received_bytes)}`;
  return (
    `${verb}${file} ${formatBytes(install.received_bytes)} ` +
    `of ${formatBytes(install.total_bytes)} (${formatPercent(installFraction(install))} %)`
  );
}

/**
 * The record to keep when an answer and live events race: a busy install never goes back to fewer bytes, and a
 * finished one never back to busy (the POST's 202 can arrive after the progress events, even after `installed`).
 */
export function newerModelRecord(known: ModelRecord | undefined, incoming: ModelRecord): ModelRecord {
  if (!known?.install || !incoming.install) return incoming;
  if (known.installed && known.install.state === 'installed' && !incoming.installed && isInstalling(incoming.install))
    return known;
  const bothBusy = isInstalling(known.install) && isInstalling(incoming.install);
  if (
    bothBusy &&
    known.install.state === incoming.install.state &&
    known.install.received_bytes > incoming.install.received_bytes
  )
    return { ...incoming, install: known.install };
  return incoming;
}

function folderOf(path: string): string {
  const at = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return at <= 0 ? path.slice(0, at + 1) || path : path.slice(0, at);
}

const ARCHIVE_NAME = /\.(tar\.bz2|tbz2?|tar\.gz|tgz|zip)$/i;

/** File-dialog extensions for a model's import: its files' own, plus the archive's when it is published as one. */
export function importExtensions(model: Pick<ModelRecord, 'files' | 'archive'>): string[] {
  const own = model.files.map((file) => file.name.split('.').pop() ?? 'onnx');
  const archive = model.archive
    ? model.archive.format === 'zip'
      ? ['zip']
      : model.archive.format === 'tar.bz2'
        ? ['bz2', 'tbz2']
        : ['gz', 'tgz']
    : [];
  return [...new Set([...own, ...archive])];
}

/** What the import form asks for, in a user's words. */
export function importHint(model: Pick<ModelRecord, 'files' | 'archive'>): string {
  const names = [
    ...model.files.map((file) => file.name),
    ...(model.archive?.directories ?? []).map((d) => `the folder ${d}`),
  ];
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  if (model.archive)
    return `The .${model.archive.format} archive as downloaded, or the folder extracted from it (holding ${listed}).`;
  return model.files.length === 1 ? `The file ${listed}, or a folder holding it.` : `A folder holding ${listed}.`;
}

/**
 * `source_path` for files chosen in the desktop's dialog: the file itself for a one-file model, else the folder
 * that holds them (the service looks there for each file by name).
 */
export function importSourcePath(
  model: Pick<ModelRecord, 'files' | 'archive'>,
  picked: readonly string[],
): string | undefined {
  if (picked.length === 0) return undefined;
  if (model.files.length === 1 && picked.length === 1) return picked[0];
  // The archive as published is imported as it is: the service extracts it.
  if (model.archive && picked.length === 1 && ARCHIVE_NAME.test(picked[0])) return picked[0];
  return folderOf(picked[0]);
}

/** Whether a typed path is absolute on POSIX or Windows (the API takes only absolute ones). */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');
}
