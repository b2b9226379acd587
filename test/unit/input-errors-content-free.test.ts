import { describe, expect, it } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { probeFailureReason } from '../../src/main/media/probe.js';
import { acceptedTypesText } from '../../src/main/media/sniff.js';
import { checkNameExtension } from '../../src/main/requests/input-checks.js';

describe('probeFailureReason', () => {
  const file = '/data/jobs/T1/inputs/audio_url.mp3';

  it("gives ffmpeg's known reasons as fixed phrases, without the path", () => {
    expect(probeFailureReason(`${file}: Invalid data found when processing input\n`, file)).toBe(
      'Invalid data found when processing input',
    );
    expect(
      probeFailureReason(
        `[mov,mp4,m4a,3gp,3g2,mj2 @ 0x25907200] moov atom not found\n${file}: Invalid data found when processing input`,
        file,
      ),
    ).toBe('moov atom not found: the file is cut short or still being written');
    expect(probeFailureReason(`${file}: No such file or directory`, file)).toBe('No such file or directory');
    expect(
      probeFailureReason(
        `[mp3 @ 0x349d4200] Invalid frame size (417): Could not seek to 417.\n${file}: Invalid argument`,
        file,
      ),
    ).toBe('Invalid argument');
  });

  it('never passes on a line that may quote the file, such as a demuxer echoing a tag or doctype', () => {
    const quoting = [
      '[matroska,webm @ 0x1] EBML version 1, doctype root:x:0:0:root:/root:/bin/bash, doc version 9 is not implemented.',
      "[mov,mp4,m4a,3gp,3g2,mj2 @ 0x2] stream 0, error opening alias: path='/root/secret', dir='root:x:0:0'",
    ];
    for (const line of quoting) expect(probeFailureReason(line, file)).toBe('');
    expect(probeFailureReason(`${quoting[0]}\n${file}: End of file`, file)).toBe('End of file');
  });
});

describe('accepted types in messages', () => {
  it('lists each type once, with jpeg and jpg as one', () => {
    expect(acceptedTypesText(['jpg', 'jpeg', 'png', 'webp'])).toBe('.jpg, .png, .webp');
    expect(acceptedTypesText(['.JPEG', 'jpg'])).toBe('.jpg');
  });

  it('names the type once when a file name has an extension that is not accepted', () => {
    let error: unknown;
    try {
      checkNameExtension('talk.mp4', { field: 'reference_file_url', allowed: ['jpg', 'jpeg', 'png', 'webp'] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DubDeskError);
    expect((error as DubDeskError).message).toBe(
      'reference_file_url: talk.mp4 is a .mp4 file; accepted types: .jpg, .png, .webp.',
    );
    expect(() =>
      checkNameExtension('face.JPEG', { field: 'reference_file_url', allowed: ['jpg', 'png'] }),
    ).not.toThrow();
  });
});
