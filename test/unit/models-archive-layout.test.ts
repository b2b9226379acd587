// Pins what an archive's listing must show before anything is written: the layout complete, plain members only,
// and a total within the limit, each refusal naming what is wrong.
import { describe, expect, it } from 'vitest';
import { createLayoutCheck, type ListedMember } from '../../src/main/models/archive-layout.js';
import { ARCHIVE_MAX_MEMBERS, MEMBER_MIN_BYTES } from '../../src/main/models/unpack-limit.js';

const plan = { stripComponents: 1, files: ['voice.onnx', 'tokens.txt'], directories: ['espeak-ng-data'] };
const limits = { maxBytes: 1_000_000, description: '1 MB (the test limit)' };

const file = (path: string, size = 10): ListedMember => ({ path, kind: 'file', size });
const VOICE = [
  file('top/voice.onnx', 500),
  file('top/tokens.txt'),
  { path: 'top/espeak-ng-data/', kind: 'directory', size: 0 } as ListedMember,
  file('top/espeak-ng-data/voices/en'),
];

function check(members: ListedMember[], given = limits) {
  const layout = createLayoutCheck(plan, given);
  for (const member of members) layout.add(member);
  return layout.finish();
}

describe('an archive listing checked against the model layout', () => {
  it('accepts the layout and says what lands where', () => {
    const layout = check([...VOICE, file('top/README.md', 999)]);
    expect([...layout.files]).toEqual([
      ['voice.onnx', 500],
      ['tokens.txt', 10],
      ['espeak-ng-data/voices/en', 10],
    ]);
    expect([...layout.folders]).toEqual(['espeak-ng-data', 'espeak-ng-data/voices']);
  });

  it('names a missing listed file or kept folder', () => {
    expect(() => check(VOICE.filter((m) => !m.path.includes('espeak')))).toThrow('lacks the folder espeak-ng-data');
    expect(() => check(VOICE.filter((m) => !m.path.endsWith('tokens.txt')))).toThrow('lacks tokens.txt');
  });

  it('stops at the member that takes the total past the limit, counting each kept member at least a disk block', () => {
    const layout = createLayoutCheck(plan, limits);
    layout.add(file('top/voice.onnx', limits.maxBytes - MEMBER_MIN_BYTES));
    expect(() => layout.add(file('top/tokens.txt', 1))).not.toThrow();
    expect(() => layout.add(file('top/README.md', 1))).toThrow('unpacks to more than 1 MB (the test limit)');
    const empties = createLayoutCheck(plan, limits);
    const room = Math.floor(limits.maxBytes / MEMBER_MIN_BYTES);
    for (let i = 0; i < room; i++) empties.add(file(`top/espeak-ng-data/${i}`, 0));
    expect(() => empties.add(file('top/espeak-ng-data/one-more', 0))).toThrow('unpacks to more than');
  });

  it('refuses links among kept members, of either kind, whatever they point at', () => {
    expect(() =>
      check([...VOICE, { path: 'top/espeak-ng-data/a', kind: 'symlink', linkTarget: 'voices/en', size: 0 }]),
    ).toThrow(
      "holds top/espeak-ng-data/a, a link to voices/en: a model's files and folders must be plain ones, not links",
    );
    expect(() =>
      check([{ path: 'top/tokens.txt', kind: 'hardlink', linkTarget: 'top/README.md', size: 0 }, ...VOICE]),
    ).toThrow('a link to top/README.md');
    // A link the model does not keep is never written: harmless.
    expect(() =>
      check([...VOICE, { path: 'top/samples/latest', kind: 'symlink', linkTarget: 'one.wav', size: 0 }]),
    ).not.toThrow();
  });

  it('refuses a member twice, a file where a folder is, and a path too deep to create', () => {
    expect(() => check([...VOICE, file('top/voice.onnx')])).toThrow('holds voice.onnx twice');
    expect(() => check([file('top/espeak-ng-data'), ...VOICE])).toThrow('holds espeak-ng-data as a file, not a folder');
    expect(() => check([...VOICE, file('top/espeak-ng-data/voices')])).toThrow(
      'holds espeak-ng-data/voices both as a file and as a folder',
    );
    expect(() => check([...VOICE, file(`top/espeak-ng-data/${'d/'.repeat(40)}x`)])).toThrow('32 folders deep');
  });

  it('refuses an archive of more members than any model has', () => {
    const layout = createLayoutCheck(plan, { maxBytes: Number.MAX_SAFE_INTEGER, description: '' });
    for (let i = 0; i < ARCHIVE_MAX_MEMBERS; i++) layout.add(file(`top/samples/${i}`, 0));
    expect(() => layout.add(file('top/samples/last', 0))).toThrow(`holds more than ${ARCHIVE_MAX_MEMBERS} members`);
  });
});
