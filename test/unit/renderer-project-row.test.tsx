// What one line of the project editor shows, rendered to static HTML: its texts, voice choice, status chip with the
// fit, the saving state (a conflict with its Reload), and for visual text its box instead of voices.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ProjectSegment, VoiceRecord } from '../../src/renderer/src/api/client.js';
import { SegmentRow, type RowActions } from '../../src/renderer/src/features/projects/SegmentRow.js';

const noop = () => undefined;
const actions: RowActions = {
  edit: noop,
  flush: noop,
  select: noop,
  playLine: noop,
  playFrom: noop,
  regenerate: noop,
  retranslate: noop,
  split: noop,
  mergeWithNext: noop,
  reload: noop,
  applyYours: noop,
  dismissYours: noop,
  nextTarget: noop,
};
const VOICES = [
  { voice_id: 'espeak:es', name: 'Spanish (Spain)' },
  { voice_id: 'espeak:es+f2', name: 'Spanish (Spain), female 2' },
] as VoiceRecord[];

const line = (extra: Partial<ProjectSegment> = {}): ProjectSegment => ({
  segment_id: 's2',
  start: 3.4,
  end: 5.6,
  source_text: 'Thank you.',
  target_text: 'Gracias.',
  revision: 3,
  status: 'ok',
  speaker: 'Ben',
  voice_id: null,
  fit: null,
  ...extra,
});

const render = (props: Partial<Parameters<typeof SegmentRow>[0]> = {}) =>
  renderToStaticMarkup(
    <SegmentRow
      index={1}
      count={3}
      segment={line()}
      visual={false}
      voices={VOICES}
      selected={false}
      playing={false}
      top={88}
      actions={actions}
      {...props}
    />,
  );

describe('a line of the project editor', () => {
  it("shows its times, speaker, both texts side by side and the voice choice, the speaker's voice first", () => {
    const html = render();
    expect(html).toContain('aria-label="Line 2: 0:03.40 to 0:05.60. Play it"');
    expect(html).toContain('>Ben<');
    expect(html).toMatch(/<textarea aria-label="Source of line 2" data-field="source_text">Thank you.<\/textarea>/);
    expect(html).toMatch(/<textarea aria-label="Translation of line 2" data-field="target_text">Gracias.<\/textarea>/);
    expect(html).toMatch(
      /<select aria-label="Voice of line 2"><option value="" selected="">Speaker(&#x27;|')s voice<\/option><\/select>/,
    );
    // A line's own voice shows by its name (the other voices are listed once the select is used).
    expect(render({ segment: line({ voice_id: 'espeak:es+f2' }) })).toContain(
      '<option value="espeak:es+f2" selected="">Spanish (Spain), female 2</option>',
    );
    for (const name of [
      'Play line 2',
      'Play from line 2',
      'Regenerate the voice of line 2',
      'Translate line 2 again',
      'Split line 2 at the playhead',
      'Merge line 2 with the next',
    ]) {
      expect(html).toContain(`aria-label="${name}"`);
    }
  });

  it('shows an unsaved edit over the saved text, and the status chip with the fit', () => {
    const html = render({
      segment: line({ status: 'too_long', fit: { speech_seconds: 3.1, room_seconds: 2.2, rate: 1.2, stretch: 1.1 } }),
      draft: { target_text: 'Muchas gracias.' },
    });
    expect(html).toContain('>Muchas gracias.</textarea>');
    expect(html).toContain('<span class="chip" data-status="too_long">Too long</span>');
    expect(html).toContain('rate 1.20× · stretch 1.10×');
    expect(html).toContain('Saving…');
  });

  it('shows a conflict with its Reload, and a retry while the service is away', () => {
    expect(render({ line: { conflict: true }, draft: { target_text: 'x' } })).toMatch(
      /Changed elsewhere \(another tab\): <button type="button" class="link">Reload<\/button>/,
    );
    expect(render({ line: { retrying: true }, draft: { target_text: 'x' } })).toContain('Not saved yet — retrying');
  });

  it('gives visual text its box, editable, and no speaker, voice or regenerate', () => {
    const html = render({
      visual: true,
      segment: line({
        speaker: undefined,
        voice_id: undefined,
        box: { x: 0.25, y: 0.8361111, width: 0.5, height: 0.1 },
      }),
    });
    expect(html).not.toContain('Voice of line 2');
    expect(html).not.toContain('Regenerate');
    expect(html).toContain('aria-label="Box x of line 2" value="0.25"');
    expect(html).toContain('aria-label="Box y of line 2" value="0.836"');
    expect(html).toContain('Translate line 2 again');
  });
});
