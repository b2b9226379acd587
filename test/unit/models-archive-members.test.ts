// Pins which archive members a model keeps and which make an archive unsafe, before any byte is written.
import { describe, expect, it } from 'vitest';
import { archiveFileName, keptMember, unsafeMemberReason } from '../../src/main/models/archive-members.js';

const plan = { stripComponents: 1, files: ['voice.onnx', 'tokens.txt'], directories: ['espeak-ng-data'] };

describe('archive members', () => {
  it('keeps the listed files and everything under a kept folder, after dropping the top folder', () => {
    expect(keptMember('sherpa-voice/voice.onnx', plan)).toEqual({ target: 'voice.onnx', listed: true });
    expect(keptMember('./sherpa-voice/tokens.txt', plan)).toEqual({ target: 'tokens.txt', listed: true });
    expect(keptMember('sherpa-voice/espeak-ng-data/voices/en', plan)).toEqual({
      target: 'espeak-ng-data/voices/en',
      listed: false,
    });
    expect(keptMember('sherpa-voice/README.md', plan)).toBeUndefined();
    expect(keptMember('sherpa-voice/', plan)).toBeUndefined();
    expect(keptMember('voice.onnx', { ...plan, stripComponents: 0 })).toEqual({ target: 'voice.onnx', listed: true });
  });

  it('names absolute paths, climbing paths, devices and links leaving the archive as unsafe', () => {
    expect(unsafeMemberReason({ path: '/etc/passwd', kind: 'file' })).toBe('its path is absolute');
    expect(unsafeMemberReason({ path: 'C:\\Windows\\x', kind: 'file' })).toBe('its path is absolute');
    expect(unsafeMemberReason({ path: 'top/../../evil', kind: 'file' })).toBe("its path climbs out with '..'");
    expect(unsafeMemberReason({ path: 'top/dev', kind: 'device' })).toBe('it is a device or pipe, not a file');
    expect(unsafeMemberReason({ path: 'top/data', kind: 'symlink', linkTarget: '/etc' })).toBe(
      'it links to /etc, outside the archive',
    );
    expect(unsafeMemberReason({ path: 'top/data', kind: 'symlink', linkTarget: '../../etc' })).toBe(
      'it links to ../../etc, outside the archive',
    );
    expect(unsafeMemberReason({ path: 'top/a', kind: 'hardlink', linkTarget: '../x' })).toBe(
      'it links to ../x, outside the archive',
    );
    expect(unsafeMemberReason({ path: 'top/data/a', kind: 'symlink', linkTarget: '../voice.onnx' })).toBeUndefined();
    expect(unsafeMemberReason({ path: 'top/a..b.txt', kind: 'file' })).toBeUndefined();
  });

  it('saves the archive under its published name unless that name is odd or taken', () => {
    expect(
      archiveFileName(
        'https://github.com/k2-fsa/sherpa-onnx/releases/download/asr-models/sherpa-onnx-whisper-base.tar.bz2',
        'tar.bz2',
        [],
      ),
    ).toBe('sherpa-onnx-whisper-base.tar.bz2');
    expect(archiveFileName('https://example.org/files/%2E%2E', 'zip', [])).toBe('archive.zip');
    expect(archiveFileName('https://example.org/voice.onnx', 'tar.gz', ['voice.onnx'])).toBe('archive.tar.gz');
  });
});
