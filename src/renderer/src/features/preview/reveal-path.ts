// Pure: where a result file lies on disk, from the data folder and its URL (files/<file_id>/ in the data folder).

export function resultFolderPath(dataDir: string, resultUrl: string): string | undefined {
  let fileId: string | undefined;
  try {
    fileId = /\/v1\/files\/([A-Za-z0-9_-]+)$/.exec(new URL(resultUrl).pathname)?.[1];
  } catch {
    return undefined;
  }
  if (!fileId) return undefined;
  const separator = dataDir.includes('\\') && !dataDir.includes('/') ? '\\' : '/';
  return `${dataDir.replace(/[\\/]+$/, '')}${separator}files${separator}${fileId}`;
}

/** Pure: a result URL as a download (Save as) link. */
export function downloadUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}
