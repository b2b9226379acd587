// Pure helpers for the names of stored files: sanitizing, reading them from URLs and headers, writing headers.

const WINDOWS_DEVICE_NAMES = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
const MAX_NAME_LENGTH = 180;

/** Makes a user-supplied name safe to use as one path segment on every OS; never returns '', '.' or '..'. */
export function sanitizeFileName(name: string | null | undefined, fallback = 'file'): string {
  const lastSegment = (name ?? '').split(/[\\/]/).pop() ?? '';
  let safe = lastSegment
    // Control characters and the characters Windows forbids in names.
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    // Windows drops trailing dots and spaces, which would make two names collide.
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (WINDOWS_DEVICE_NAMES.test(safe)) safe = `_${safe}`;
  if (safe.length > MAX_NAME_LENGTH) safe = truncateKeepingExtension(safe, MAX_NAME_LENGTH);
  return safe || fallback;
}

function truncateKeepingExtension(name: string, max: number): string {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 12 ? name.slice(dot) : '';
  return Array.from(name.slice(0, name.length - extension.length)).slice(0, max - extension.length).join('') + extension;
}

/** The name a server suggests in Content-Disposition (RFC 6266: `filename*` wins over `filename`), unsanitized. */
export function fileNameFromContentDisposition(header: string | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // Malformed percent-encoding: fall through to the plain parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted) return quoted[1].replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
  return bare ? bare[1] : null;
}

/** The last path segment of a URL, percent-decoded, or null when the path ends in '/'. */
export function fileNameFromUrl(url: string | URL): string | null {
  const pathname = new URL(url).pathname;
  const last = pathname.split('/').pop();
  if (!last) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Percent-decodes a name sent in a header (e.g. X-File-Name), keeping it as sent when it is not valid encoding. */
export function decodeHeaderFileName(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A Content-Disposition value with an ASCII fallback and the exact UTF-8 name (RFC 6266 / 8187). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const asciiFallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${asciiFallback}"; filename*=UTF-8''${encoded}`;
}
