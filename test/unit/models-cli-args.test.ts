import { describe, expect, it } from 'vitest';
import { formatBytes, formatModelTable, formatProgressLine, parseModelsArgs } from '../../src/cli/commands/models.js';
import type { ModelRecord } from '../../src/main/models/model-store.js';

describe('parseModelsArgs', () => {
  it('reads list, install with and without --from, and remove', () => {
    expect(parseModelsArgs(['list'])).toEqual({ command: 'list' });
    expect(parseModelsArgs(['install', 'lama'])).toEqual({ command: 'install', id: 'lama' });
    expect(parseModelsArgs(['install', 'lama', '--from', '/m/lama.onnx'])).toEqual({
      command: 'install',
      id: 'lama',
      from: '/m/lama.onnx',
    });
    expect(parseModelsArgs(['install', '--from=./m', 'lama'])).toEqual({ command: 'install', id: 'lama', from: './m' });
    expect(parseModelsArgs(['remove', 'lama'])).toEqual({ command: 'remove', id: 'lama' });
    expect(parseModelsArgs([])).toEqual({ command: 'help' });
  });

  it('explains bad arguments', () => {
    expect(parseModelsArgs(['install'])).toEqual({
      command: 'invalid',
      reason: "'install' needs a model id (see `dubdesk models list`).",
    });
    expect(parseModelsArgs(['install', 'lama', '--from'])).toEqual({
      command: 'invalid',
      reason: "'--from' needs a path.",
    });
    expect(parseModelsArgs(['install', 'lama', '--force'])).toEqual({
      command: 'invalid',
      reason: 'Unknown option --force.',
    });
    expect(parseModelsArgs(['remove'])).toEqual({ command: 'invalid', reason: "'remove' takes exactly one model id." });
    expect(parseModelsArgs(['upgrade'])).toEqual({ command: 'invalid', reason: "Unknown command 'upgrade'." });
  });
});

describe('formatting', () => {
  it('prints sizes in decimal units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1_500)).toBe('1.5 KB');
    expect(formatBytes(208_000_000)).toBe('208 MB');
  });

  it('prints a progress line with percentage when the total is known', () => {
    expect(
      formatProgressLine({
        id: 'lama',
        state: 'downloading',
        file: 'lama_fp32.onnx',
        receivedBytes: 52_000_000,
        totalBytes: 208_000_000,
      }),
    ).toBe('downloading lama_fp32.onnx  52.0 MB / 208 MB  25%');
    expect(formatProgressLine({ id: 'lama', state: 'verifying', receivedBytes: 10 })).toBe('verifying  10 B');
  });

  it('prints an aligned table with approximate sizes for models not installed, and whether commercial use is allowed', () => {
    const base = { description: '', license: '', files: [] };
    const records: ModelRecord[] = [
      {
        ...base,
        id: 'lama',
        task: 'inpaint',
        title: 'LaMa',
        sizeBytes: 208_000_000,
        installed: true,
        sizeOnDisk: 207_000_000,
        commercialUse: 'allowed',
      },
      {
        ...base,
        id: 'wav2lip-gan-96',
        task: 'lipsync',
        title: 'Wav2Lip',
        sizeBytes: 150_000_000,
        installed: false,
        usedBy: 'precision_v1 lip-sync',
        commercialUse: 'not_allowed',
      },
      {
        ...base,
        id: 'whisper-base',
        task: 'asr',
        title: 'Whisper base',
        sizeBytes: 300_000_000,
        installed: false,
        install: { id: 'whisper-base', state: 'downloading', receivedBytes: 1 },
      },
    ];
    expect(formatModelTable(records)).toBe(
      'ID              TASK     STATE          SIZE     COMMERCIAL   TITLE\n' +
        'lama            inpaint  installed      207 MB   allowed      LaMa\n' +
        'wav2lip-gan-96  lipsync  not installed  ~150 MB  not allowed  Wav2Lip\n' +
        'whisper-base    asr      downloading    ~300 MB  -            Whisper base\n',
    );
  });
});
