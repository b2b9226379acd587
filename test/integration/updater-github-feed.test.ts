// electron-updater itself (its AppImage updater, GitHub provider, download and sha512 check), run in plain Node
// through DubDesk's adapter and controller against a GitHub release feed on loopback. Electron is not here: the app
// is a small AppAdapter and requests go through Node's http instead of Electron's net module.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import electronUpdater from 'electron-updater';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUpdateController } from '../../src/main/electron/updates/update-controller.js';
import type { UpdaterEvent } from '../../src/main/electron/updates/update-policy.js';
import { adaptUpdater } from '../../src/main/electron/updates/updater-adapter.js';
import { appImageName, OWNER, REPO, serveReleaseFeed, type Release } from '../fixtures/github-release-feed.js';

/** electron-updater's own executor (download, redirects, sha512 check), its one Electron call, net.request, on http. */
class NodeHttpExecutor extends ElectronHttpExecutor {
  override createRequest(options: http.RequestOptions, callback: (response: http.IncomingMessage) => void) {
    return http.request(options, callback) as unknown as Electron.ClientRequest;
  }
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.unstubAllEnvs();
});

/** The installed app 0.1.0 (an AppImage), updating from `release` as published on the loopback feed. */
async function installedApp(release: Release) {
  const feed = await serveReleaseFeed(release);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-updater-'));
  cleanups.push(
    () => feed.close(),
    () => fs.rmSync(dir, { recursive: true, force: true }),
  );
  // app-update.yml as electron-builder writes it for the GitHub provider, pointed at the loopback host.
  const config = path.join(dir, 'app-update.yml');
  fs.writeFileSync(
    config,
    `owner: ${OWNER}\nrepo: ${REPO}\nprovider: github\nhost: ${feed.host}\nprotocol: http\nupdaterCacheDirName: dubdesk-updater\n`,
  );
  vi.stubEnv('APPIMAGE', path.join(dir, appImageName('0.1.0')));
  const cache = path.join(dir, 'cache');
  const updater = new electronUpdater.AppImageUpdater(null, {
    version: '0.1.0',
    name: 'DubDesk',
    isPackaged: true,
    appUpdateConfigPath: config,
    userDataPath: path.join(dir, 'user-data'),
    baseCachePath: cache,
    whenReady: () => Promise.resolve(),
    relaunch: () => {},
    quit: () => {},
    onQuit: () => {},
  });
  // Protected in the typings: the one field the constructor leaves null when it is handed an app instead of Electron.
  (updater as unknown as { httpExecutor: NodeHttpExecutor }).httpExecutor = new NodeHttpExecutor();
  // The running AppImage is not a real one, so there is nothing to diff against: the whole file is downloaded.
  updater.disableDifferentialDownload = true;
  const lines: string[] = [];
  const port = adaptUpdater(updater, {
    info: (m) => lines.push(m),
    warn: (m) => lines.push(m),
    error: (m) => lines.push(m),
  });
  const events: UpdaterEvent[] = [];
  port.onEvent((event) => events.push(event));
  let activeJobs = 0;
  const controller = createUpdateController({
    updater: port,
    isEnabled: () => true,
    countActiveJobs: async () => activeJobs,
    onJobsChange: () => () => {},
    closeService: async () => {},
    log: (line) => lines.push(line),
  });
  cleanups.push(() => controller.stop());
  const pending = path.join(cache, 'dubdesk-updater', 'pending');
  const downloaded = () =>
    fs.existsSync(pending) ? fs.readdirSync(pending).filter((f) => f.endsWith('.AppImage')) : [];
  return { feed, controller, events, lines, pending, downloaded, setActiveJobs: (n: number) => (activeJobs = n) };
}

describe('electron-updater against a GitHub release feed', () => {
  it('finds a newer version, downloads it, verifies its sha512 and offers it', async () => {
    const bytes = randomBytes(300_000);
    const app = await installedApp({ version: '0.2.0', served: bytes });
    expect(await app.controller.checkNow()).toEqual({ status: 'ready', version: '0.2.0', jobsRunning: false });
    expect(app.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['checking', 'available', 'downloaded']),
    );
    expect(app.downloaded()).toEqual([appImageName('0.2.0')]);
    expect(fs.readFileSync(path.join(app.pending, appImageName('0.2.0'))).equals(bytes)).toBe(true);
    expect(app.feed.requests).toContain(`/${OWNER}/${REPO}/releases/download/v0.2.0/latest-linux.yml`);
  });

  it('rejects a download whose bytes do not match the sha512 of latest-linux.yml, and offers nothing', async () => {
    const app = await installedApp({ version: '0.2.0', served: randomBytes(200_000), described: randomBytes(200_000) });
    const state = await app.controller.checkNow();
    expect(state).toEqual({
      status: 'error',
      message:
        'The downloaded update did not match the sha512 checksum in its release metadata: it was deleted, not installed.',
      rejected: true,
    });
    expect(app.events.map((event) => event.type)).not.toContain('downloaded');
    expect(app.downloaded()).toEqual([]);
    expect(app.lines.join('\n')).toMatch(/sha512 checksum mismatch/);
    expect(await app.controller.restart()).toBe(false);
  });

  it.each(['0.1.0', '0.0.9'])('offers nothing when the published version is %s (installed: 0.1.0)', async (version) => {
    const app = await installedApp({ version, served: randomBytes(1000) });
    expect(await app.controller.checkNow()).toEqual({ status: 'idle' });
    expect(app.events.map((event) => event.type)).toEqual(['checking', 'not-available']);
    expect(app.feed.requests.some((request) => request.endsWith('.AppImage'))).toBe(false);
  });

  it('holds the offer while a job runs', async () => {
    const app = await installedApp({ version: '0.2.0', served: randomBytes(100_000) });
    app.setActiveJobs(1);
    expect(await app.controller.checkNow()).toMatchObject({ status: 'ready', version: '0.2.0' });
    // The count is taken again when the download completes; restart asks once more before doing anything.
    expect(await app.controller.restart()).toBe(false);
    expect(app.controller.state()).toEqual({ status: 'ready', version: '0.2.0', jobsRunning: true });
  });
});
