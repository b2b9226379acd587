// Pins the GUI's subtitle preview of a file in a legacy encoding: its cues read correctly (accents, no tags) and the
// encoding used is named, with "unsure" when detection was a guess. Rendered to static HTML with react-dom/server.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SubtitleCueList } from '../../src/renderer/src/features/preview/SubtitlePanel.js';
import { readSubtitlePreview } from '../../src/renderer/src/lib/srt.js';
import { encodeLegacy } from '../fixtures/legacy-encodings.js';

const FRENCH = [
  '1',
  '00:00:01,000 --> 00:00:02,500',
  "{\\an8}L'été dernier, nous étions à la plage.",
  '',
  '2',
  '00:00:03,000 --> 00:00:04,000',
  "<i>C'était très agréable, n'est-ce pas ?</i>",
  '',
].join('\r\n');

const render = (bytes: Uint8Array): string =>
  renderToStaticMarkup(<SubtitleCueList preview={readSubtitlePreview(bytes)} time={1.5} onSeek={() => {}} />);

describe('subtitle preview', () => {
  it('shows the cues of a Windows-1252 SRT with their accents and names the detected encoding', () => {
    const html = render(encodeLegacy(FRENCH, 'windows-1252'));
    expect(html).toContain('Encoding: Windows-1252 (detected)');
    expect(html).toContain('L&#x27;été dernier, nous étions à la plage.');
    expect(html).toContain('C&#x27;était très agréable, n&#x27;est-ce pas ?');
    expect(html).not.toContain('\uFFFD');
    expect(html).not.toContain('an8');
    expect(html.match(/<li[ >]/g)).toHaveLength(2);
    expect(html).toMatch(/<li aria-current="true"[^>]*>.*été dernier/);
  });

  it('says when the encoding was only guessed, naming the one used', () => {
    const central = ['Zażółć gęślą jaźń', 'Příliš žluťoučký kůň úpěl ďábelské ódy', 'Árvíztűrő tükörfúrógép']
      .map((text, i) => `${i + 1}\r\n00:00:0${i + 1},000 --> 00:00:0${i + 1},900\r\n${text}\r\n`)
      .join('\r\n');
    const html = render(encodeLegacy(central, 'iso-8859-2'));
    expect(html).toContain('Encoding: ISO-8859-2 (guessed: unsure)');
    expect(html).toContain('Příliš žluťoučký kůň');
  });
});
