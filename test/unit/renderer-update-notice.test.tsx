// The update notice as the window shows it: "DubDesk <version> is ready" with its Restart to update button, the
// button held back while jobs run, a download that failed verification said plainly, and nothing at all in a
// browser (no desktop bridge), where no update could be installed.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { UpdateState } from '../../src/shared/ipc.js';
import { describeUpdateState } from '../../src/renderer/src/features/settings/UpdateSettings.js';
import { UpdateNotice, UpdateNoticeView } from '../../src/renderer/src/features/updates/UpdateNotice.js';

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const render = (state: UpdateState, extra: { restarting?: boolean; problem?: string } = {}) =>
  renderToStaticMarkup(<UpdateNoticeView state={state} onRestart={() => {}} {...extra} />);
const button = (html: string) => /<button[^>]*>[^<]*<\/button>/.exec(html)?.[0] ?? '';

describe('the update notice', () => {
  it('shows a ready update with its version and an enabled Restart to update', () => {
    const html = render({ status: 'ready', version: '0.2.0', jobsRunning: false });
    expect(textOf(html)).toBe('DubDesk 0.2.0 is ready. Restart to update');
    expect(button(html)).not.toContain('disabled');
  });

  it('holds the button back while jobs run, and says until when', () => {
    const html = render({ status: 'ready', version: '0.2.0', jobsRunning: true });
    expect(textOf(html)).toBe('DubDesk 0.2.0 is ready. Restart to update after the running jobs finish');
    expect(button(html)).toContain('disabled=""');
  });

  it('says why a restart was refused, and is disabled while restarting', () => {
    const state: UpdateState = { status: 'ready', version: '0.2.0', jobsRunning: false };
    expect(button(render(state, { restarting: true }))).toContain('disabled=""');
    expect(textOf(render(state, { problem: 'Jobs are still running.' }))).toContain('Jobs are still running.');
  });

  it('says plainly that a download failed verification; shows nothing for other states', () => {
    const message =
      'The downloaded update did not match the sha512 checksum in its release metadata: it was deleted, not installed.';
    const rejected = render({ status: 'error', message, rejected: true });
    expect(rejected).toContain('role="alert"');
    expect(textOf(rejected)).toBe(message);
    expect(button(rejected)).toBe('');
    for (const state of [
      { status: 'idle' },
      { status: 'checking' },
      { status: 'downloading', percent: 40 },
      { status: 'error', message: 'Could not check for or download an update: offline', rejected: false },
    ] as UpdateState[])
      expect(render(state)).toBe('');
  });

  it('is absent without the desktop bridge (the GUI in a browser)', () => {
    expect(renderToStaticMarkup(<UpdateNotice bridge={undefined} />)).toBe('');
  });

  it('describes each state in Settings', () => {
    expect(describeUpdateState({ status: 'downloading', percent: 41 })).toBe('Downloading an update: 41%');
    expect(describeUpdateState({ status: 'ready', version: '0.2.0', jobsRunning: true })).toBe(
      'DubDesk 0.2.0 is downloaded and verified; it waits for the running jobs.',
    );
  });
});
