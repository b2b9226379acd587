// Serves the built renderer (out/renderer) at `/` so the GUI opens in any browser (web mode).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply } from 'fastify';
import { DubDeskError } from '../../../shared/errors.js';
import type { App } from '../app-types.js';

export interface GuiRoutesOptions {
  /** The renderer build output: index.html plus assets/. */
  rendererDir: string;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

// The GUI runs no inline or foreign code; it only talks to this same origin.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>DubDesk</title></head>
<body><h1>DubDesk</h1>
<p>The GUI is not built. Run <code>npm run build</code> in the DubDesk folder, then reload this page.</p>
<p>The API is available under <code>/v1</code>.</p></body></html>
`;

/** Pure: the Content-Type for a file name; unknown kinds are sent as bytes. */
export function contentTypeFor(fileName: string): string {
  return CONTENT_TYPES[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

/** Pure: the file a request path names inside `dir`, or undefined when it would leave `dir`. */
export function resolveInside(dir: string, requested: string): string | undefined {
  if (requested.includes('\0') || requested.includes('\\')) return undefined;
  const root = path.resolve(dir);
  const file = path.resolve(root, `.${path.posix.sep}${requested}`);
  return file.startsWith(root + path.sep) ? file : undefined;
}

/**
 * The renderer build that belongs to this code: the `renderer` beside the bundle's `main` folder when running
 * a build (out/, an asar, or any --outDir), else out/renderer at the package root (running the sources via tsx).
 */
export function locateRendererDir(from: string = fileURLToPath(import.meta.url)): string {
  // A build folder holds bundles (main/*.js) and a built renderer (assets/); src/ holds neither.
  const isBuild = (dir: string) =>
    (fs.existsSync(path.join(dir, 'main', 'cli.js')) || fs.existsSync(path.join(dir, 'main', 'index.js'))) &&
    fs.existsSync(path.join(dir, 'renderer', 'assets'));
  let dir = path.dirname(from);
  for (;;) {
    if (isBuild(dir)) return path.join(dir, 'renderer');
    try {
      if (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name === 'dubdesk')
        return path.join(dir, 'out', 'renderer');
    } catch {
      // No manifest here (or not ours): keep walking up.
    }
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve('out', 'renderer');
    dir = parent;
  }
}

async function regularFileSize(file: string): Promise<number | undefined> {
  try {
    const stat = await fsp.stat(file);
    return stat.isFile() ? stat.size : undefined;
  } catch {
    return undefined;
  }
}

function sendFile(reply: FastifyReply, file: string, size: number, cacheControl: string): FastifyReply {
  return reply
    .header('Content-Type', contentTypeFor(file))
    .header('Content-Length', size)
    .header('Cache-Control', cacheControl)
    .header('X-Content-Type-Options', 'nosniff')
    .send(fs.createReadStream(file));
}

export async function guiRoutes(app: App, opts: GuiRoutesOptions): Promise<void> {
  const rendererDir = path.resolve(opts.rendererDir);
  const assetsDir = path.join(rendererDir, 'assets');
  const indexFile = path.join(rendererDir, 'index.html');

  app.get('/', { config: { auth: 'public' } }, async (_request, reply) => {
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    const size = await regularFileSize(indexFile);
    // index.html names the hashed assets of the current build, so it is never cached.
    if (size !== undefined) return sendFile(reply, indexFile, size, 'no-cache');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(NOT_BUILT_PAGE);
  });

  app.get('/assets/*', { config: { auth: 'public' } }, async (request, reply) => {
    const requested = (request.params as { '*': string })['*'];
    const file = resolveInside(assetsDir, requested);
    const size = file === undefined ? undefined : await regularFileSize(file);
    if (file === undefined || size === undefined) throw new DubDeskError('not_found', `No GUI asset ${requested}.`);
    // Vite puts a content hash in every asset name, so a name never changes meaning.
    return sendFile(reply, file, size, 'public, max-age=31536000, immutable');
  });
}
