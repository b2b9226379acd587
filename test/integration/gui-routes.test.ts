import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/main/api/app-types.js';
import { routeTestApp } from '../fixtures/route-app.js';
import { guiRoutes, locateRendererDir, resolveInside } from '../../src/main/api/routes/gui.js';

async function appServing(rendererDir: string): Promise<App> {
  const app: App = routeTestApp();
  await app.register(guiRoutes, { rendererDir });
  await app.ready();
  return app;
}

describe('GUI routes over a renderer build', () => {
  let dir: string;
  let app: App;
  const script = 'console.log("dubdesk gui");\n';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-gui-'));
    const rendererDir = path.join(dir, 'renderer');
    fs.mkdirSync(path.join(rendererDir, 'assets', 'fonts'), { recursive: true });
    fs.writeFileSync(
      path.join(rendererDir, 'index.html'),
      '<!doctype html><title>DubDesk</title><script type="module" src="./assets/index-abc.js"></script>',
    );
    fs.writeFileSync(path.join(rendererDir, 'assets', 'index-abc.js'), script);
    fs.writeFileSync(path.join(rendererDir, 'assets', 'index-abc.css'), 'body{margin:0}');
    fs.writeFileSync(path.join(rendererDir, 'assets', 'fonts', 'ui.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
    // A file beside the renderer build that no URL may reach.
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'not for the browser');
    app = await appServing(rendererDir);
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers / with index.html as uncached HTML under a same-origin content security policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.body).toContain('<title>DubDesk</title>');
  });

  it('serves hashed assets with their content type, length and a long cache life', async () => {
    const js = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['content-length']).toBe(String(Buffer.byteLength(script)));
    expect(js.headers['cache-control']).toContain('immutable');
    expect(js.body).toBe(script);

    const css = await app.inject({ method: 'GET', url: '/assets/index-abc.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const font = await app.inject({ method: 'GET', url: '/assets/fonts/ui.woff2' });
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.rawPayload).toEqual(Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  });

  it('refuses paths that climb out of the assets folder, however they are encoded', async () => {
    for (const url of [
      '/assets/../../secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/..%5c..%5csecret.txt',
      '/assets/%00',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.body, url).not.toContain('not for the browser');
    }
  });

  it('answers a missing asset or a folder with the catalogue 404 body', async () => {
    for (const url of ['/assets/nope.js', '/assets/fonts']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'not_found' });
    }
  });
});

describe('GUI routes without a renderer build', () => {
  it('answers / with a page telling how to build the GUI', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-gui-empty-'));
    const app = await appServing(path.join(dir, 'renderer'));
    try {
      const response = await app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('The GUI is not built');
      expect(response.body).toContain('npm run build');
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('resolveInside', () => {
  it('keeps names inside the folder and refuses the rest', () => {
    const root = path.resolve('/srv/gui/assets');
    expect(resolveInside(root, 'a/b.js')).toBe(path.join(root, 'a', 'b.js'));
    expect(resolveInside(root, '/etc/passwd')).toBe(path.join(root, 'etc', 'passwd'));
    expect(resolveInside(root, '../index.html')).toBeUndefined();
    expect(resolveInside(root, 'a/../../x')).toBeUndefined();
    expect(resolveInside(root, '')).toBeUndefined();
    expect(resolveInside(root, 'a\\..\\..\\x')).toBeUndefined();
  });
});

describe('locateRendererDir', () => {
  const repoRoot = path.resolve(import.meta.dirname, '..', '..');

  it('finds out/renderer at the package root when running the sources', () => {
    expect(locateRendererDir(path.join(repoRoot, 'src', 'main', 'api', 'routes', 'gui.ts'))).toBe(
      path.join(repoRoot, 'out', 'renderer'),
    );
  });

  it('finds the renderer beside the bundle, from the CLI entry and from a shared chunk', () => {
    const build = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-bundle-'));
    try {
      fs.mkdirSync(path.join(build, 'main', 'chunks'), { recursive: true });
      fs.writeFileSync(path.join(build, 'main', 'cli.js'), '');
      fs.mkdirSync(path.join(build, 'renderer', 'assets'), { recursive: true });
      fs.writeFileSync(path.join(build, 'renderer', 'index.html'), '<!doctype html>');
      expect(locateRendererDir(path.join(build, 'main', 'cli.js'))).toBe(path.join(build, 'renderer'));
      expect(locateRendererDir(path.join(build, 'main', 'chunks', 'service-abc.js'))).toBe(
        path.join(build, 'renderer'),
      );
    } finally {
      fs.rmSync(build, { recursive: true, force: true });
    }
  });
});
