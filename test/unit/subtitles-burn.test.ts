import { describe, expect, it } from 'vitest';
import {
  burnSubtitlesArgs,
  escapeFilterOptionValue,
  escapeFiltergraph,
  subtitlesFilter,
} from '../../src/main/media/subtitles/burn.js';
import { fontconfigXml, systemFontDirs } from '../../src/main/media/subtitles/fonts.js';

describe('subtitles filter string', () => {
  it('escapes an option value, then the filtergraph, as ffmpeg unescapes them in turn', () => {
    expect(escapeFilterOptionValue("C:\\My Videos\\it's.ass")).toBe("C\\:\\\\My Videos\\\\it\\'s.ass");
    expect(escapeFiltergraph("a,b;c[d]e\\f'g")).toBe("a\\,b\\;c\\[d\\]e\\\\f\\'g");
  });

  it('names the ASS file and the fonts folder of a Windows install', () => {
    // ffmpeg's documentation example: `'` and `:` of level one become `\\\'` and `\\:` at level two.
    expect(subtitlesFilter({ assFile: 'C:\\Users\\ana\\job\\subtitles.ass', fontsDir: 'C:\\DubDesk\\fonts' })).toBe(
      String.raw`ass=filename=C\\:\\\\Users\\\\ana\\\\job\\\\subtitles.ass:fontsdir=C\\:\\\\DubDesk\\\\fonts`,
    );
  });

  it('leaves an ordinary POSIX path readable', () => {
    expect(subtitlesFilter({ assFile: '/data/jobs/abc/subtitles.ass' })).toBe(
      'ass=filename=/data/jobs/abc/subtitles.ass',
    );
  });

  it('burns with the video re-encoded and the audio copied', () => {
    const args = burnSubtitlesArgs({ input: 'in.mp4', output: 'out.mp4', assFile: '/tmp/s.ass' });
    expect(args.slice(args.indexOf('-vf'), args.indexOf('-vf') + 2)).toEqual(['-vf', 'ass=filename=/tmp/s.ass']);
    expect(args).toContain('libx264');
    expect(args.slice(args.indexOf('-c:a'), args.indexOf('-c:a') + 2)).toEqual(['-c:a', 'copy']);
    expect(args.at(-1)).toBe('out.mp4');
  });
});

describe('fontconfig configuration', () => {
  it('lists the font folders and a cache folder, escaped as XML, without the system configuration', () => {
    const xml = fontconfigXml(['/opt/fonts & more', '/usr/share/fonts'], '/data/fontconfig/cache');
    expect(xml).toContain('<dir>/opt/fonts &amp; more</dir>');
    expect(xml).toContain('<dir>/usr/share/fonts</dir>');
    expect(xml).toContain('<cachedir>/data/fontconfig/cache</cachedir>');
    expect(xml).not.toContain('<include');
    expect(xml).toContain('<glob>*.woff2</glob>');
  });

  it('knows where each operating system keeps fonts', () => {
    expect(systemFontDirs('win32', { WINDIR: 'D:\\Windows', LOCALAPPDATA: 'C:\\Users\\ana\\AppData\\Local' })).toEqual([
      'D:\\Windows\\Fonts',
      'C:\\Users\\ana\\AppData\\Local\\Microsoft\\Windows\\Fonts',
    ]);
    expect(systemFontDirs('darwin', { HOME: '/Users/ana' })).toEqual([
      '/System/Library/Fonts',
      '/Library/Fonts',
      '/Users/ana/Library/Fonts',
    ]);
    expect(systemFontDirs('linux', { HOME: '/home/ana' })).toContain('/usr/share/fonts');
  });
});
