// Pure helpers for the names of stored files: sanitizing, reading them from URLs and headers, writing headers.

const WINDOWS_DEVICE_NAMES = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
// File systems cap a name at 255 bytes, not characters: 180 bytes leaves room for the temp prefix and suffix.
const MAX_NAME_BYTES = 180;

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
  if (Buffer.byteLength(safe) > MAX_NAME_BYTES) safe = truncateKeepingExtension(safe, MAX_NAME_BYTES);
  return safe || fallback;
}

/** Cuts whole characters until the UTF-8 name fits `maxBytes`, keeping a short extension. */
function truncateKeepingExtension(name: string, maxBytes: number): string {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 12 ? name.slice(dot) : '';
  let budget = maxBytes - Buffer.byteLength(extension);
  let stem = '';
  for (const char of name.slice(0, name.length - extension.length)) {
    budget -= Buffer.byteLength(char);
    if (budget < 0) break;
    stem += char;
  }
  return stem + extension;
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

// RFC 8187 ext-value: charset'language'percent-encoded-bytes, e.g. UTF-8''%C3%A9t%C3%A9.mp4.
const EXT_VALUE = /^([A-Za-z0-9!#$&+^_`{}~-]+)'[A-Za-z0-9-]*'(.*)$/;

/** Node hands header bytes over as latin1 characters; bytes that form valid UTF-8 were meant as UTF-8 (RFC 9110 obs-text). */
function recoverUtf8(value: string): string {
  if (!/[\u0080-\u00ff]/.test(value) || /[^\u0000-\u00ff]/.test(value)) return value;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(value, 'latin1'));
  } catch {
    // Not UTF-8: the bytes were latin1 after all.
    return value;
  }
}

function percentDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * Reads a file name sent in a header (X-File-Name) in any of the forms docs/api.md lists: RFC 8187 `UTF-8''%C3%A9.mp4`,
 * plain percent-encoding `%C3%A9.mp4`, or raw UTF-8 bytes; an undecodable value is kept as sent.
 */
export function decodeHeaderFileName(value: string): string {
  const extended = EXT_VALUE.exec(value);
  if (extended) {
    const charset = extended[1].toLowerCase();
    if (charset === 'utf-8') return percentDecode(extended[2]) ?? value;
    // ISO-8859-1 is the one other charset RFC 8187 names: each %XX is one latin1 character.
    if (charset === 'iso-8859-1')
      return extended[2].replace(/%([0-9a-f]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  const text = recoverUtf8(value);
  return percentDecode(text) ?? text;
}

/** A Content-Disposition value with an ASCII fallback and the exact UTF-8 name (RFC 6266 / 8187). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const asciiFallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${asciiFallback}"; filename*=UTF-8''${encoded}`;
}
