import { createHmac, timingSafeEqual } from 'node:crypto';

// Signed file URLs: the one way past the API key, and only for the file a token names (docs/api.md "Security").

export interface SignOptions {
  /** When the token stops working; omitted = never, because result URLs must stay valid for scripts. */
  expiresAt?: Date | number;
}

export interface FileUrlSigner {
  sign(fileId: string, options?: SignOptions): string;
  verifyToken(fileId: string, token: string | undefined | null, now?: number): boolean;
  /** `${baseUrl}/v1/files/${fileId}?token=...`, absolute so a `<video src>` or a plain download works. */
  fileUrl(baseUrl: string, fileId: string, options?: SignOptions): string;
}

export function createFileUrlSigner(secret: string | Buffer): FileUrlSigner {
  if (secret.length === 0) throw new Error('The file URL signing secret must not be empty.');

  const mac = (fileId: string, expiresAtSeconds: number | null): string =>
    createHmac('sha256', secret)
      .update(`dubdesk-file\n${fileId}\n${expiresAtSeconds ?? ''}`)
      .digest('base64url');

  const sign = (fileId: string, options: SignOptions = {}): string => {
    if (options.expiresAt === undefined) return mac(fileId, null);
    const expiresAtSeconds = Math.floor(new Date(options.expiresAt).getTime() / 1000);
    return `${expiresAtSeconds}.${mac(fileId, expiresAtSeconds)}`;
  };

  const verifyToken = (fileId: string, token: string | undefined | null, now = Date.now()): boolean => {
    if (!token) return false;
    const parts = token.split('.');
    if (parts.length > 2) return false;
    let expiresAtSeconds: number | null = null;
    if (parts.length === 2) {
      if (!/^\d{1,12}$/.test(parts[0])) return false;
      expiresAtSeconds = Number(parts[0]);
      if (now / 1000 > expiresAtSeconds) return false;
    }
    const given = Buffer.from(parts.at(-1)!, 'utf8');
    const expected = Buffer.from(mac(fileId, expiresAtSeconds), 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  const fileUrl = (baseUrl: string, fileId: string, options?: SignOptions): string =>
    `${baseUrl.replace(/\/+$/, '')}/v1/files/${encodeURIComponent(fileId)}?token=${encodeURIComponent(sign(fileId, options))}`;

  return { sign, verifyToken, fileUrl };
}
