// Pins the models page's pure logic: install progress words and fraction, races between an answer and live
// events, and the source_path an import sends.
import { describe, expect, it } from 'vitest';
import type { ModelRecord } from '../../src/renderer/src/api/client.js';
import {
  importSourcePath,
  installFraction,
  installProgressText,
  isAbsolutePath,
  isInstalling,
  newerModelRecord,
} from '../../src/renderer/src/features/models/model-info.js';

const model = (fields: Partial<ModelRecord> = {}): ModelRecord => ({
  id: 'standin',
  task: 'inpaint',
  title: 'Stand-in',
  description: 'd',
  license: 'MIT',
  size_bytes: 1000,
  files: [{ name: 'model.onnx' }],
  installed: false,
  ...fields,
});

describe('install progress', () => {
  it('says how far a download is, and that verifying is the last step', () => {
    const downloading = {
      state: 'downloading' as const,
      received_bytes: 512 * 1024,
      total_bytes: 2 * 1024 * 1024,
      file: 'lama_fp32.onnx',
    };
    expect(installFraction(downloading)).toBe(0.25);
    expect(installProgressText(downloading)).toBe('Downloading lama_fp32.onnx: 512 KB of 2.0 MB (25 %)');
    expect(installProgressText({ state: 'copying', received_bytes: 10 })).toBe('Copying 10 B');
    expect(installFraction({ state: 'verifying', received_bytes: 0 })).toBe(1);
    expect(installProgressText({ state: 'verifying', received_bytes: 0 })).toBe('Checking the files…');
    const extracting = {
      state: 'extracting' as const,
      received_bytes: 50 * 1024 * 1024,
      total_bytes: 200 * 1024 * 1024,
      file: 'sherpa-onnx-whisper-base.tar.bz2',
    };
    expect(isInstalling(extracting)).toBe(true);
    expect(installFraction(extracting)).toBe(0.25);
    expect(installProgressText(extracting)).toBe('Extracting sherpa-onnx-whisper-base.tar.bz2: 50 MB of 200 MB (25 %)');
    expect(isInstalling({ state: 'failed', received_bytes: 0 })).toBe(false);
    expect(isInstalling(undefined)).toBe(false);
  });

  it('never moves a running install back when the POST answer arrives after live events', () => {
    const live = model({ install: { state: 'downloading', received_bytes: 600, total_bytes: 1000 } });
    const answer = model({ install: { state: 'downloading', received_bytes: 0, total_bytes: 1000 } });
    expect(newerModelRecord(live, answer).install?.received_bytes).toBe(600);
    const installed = model({ installed: true, install: { state: 'installed', received_bytes: 1000 } });
    expect(newerModelRecord(live, installed)).toBe(installed);
    expect(newerModelRecord(undefined, answer)).toBe(answer);
    // The POST's 202 (still downloading) may be handled after the `installed` event of the same install.
    const finished = { ...live, installed: true, install: { ...live.install!, state: 'installed' as const } };
    expect(newerModelRecord(finished, answer)).toBe(finished);
  });
});

describe('import source', () => {
  it('sends the file for a one-file model, else the folder holding the chosen files', () => {
    expect(importSourcePath(model(), ['/models/lama/model.onnx'])).toBe('/models/lama/model.onnx');
    const whisper = model({ files: [{ name: 'encoder_model.onnx' }, { name: 'decoder_model.onnx' }] });
    expect(
      importSourcePath(whisper, ['/models/whisper/encoder_model.onnx', '/models/whisper/decoder_model.onnx']),
    ).toBe('/models/whisper');
    expect(importSourcePath(whisper, ['C:\\Models\\whisper\\encoder_model.onnx'])).toBe('C:\\Models\\whisper');
    expect(importSourcePath(whisper, [])).toBeUndefined();
    const sherpa = model({
      files: [{ name: 'base-encoder.int8.onnx' }, { name: 'base-tokens.txt' }],
      archive: { format: 'tar.bz2' },
    });
    expect(importSourcePath(sherpa, ['/dl/sherpa-onnx-whisper-base.tar.bz2'])).toBe(
      '/dl/sherpa-onnx-whisper-base.tar.bz2',
    );
    expect(
      importSourcePath(sherpa, [
        '/dl/sherpa-onnx-whisper-base/base-encoder.int8.onnx',
        '/dl/sherpa-onnx-whisper-base/base-tokens.txt',
      ]),
    ).toBe('/dl/sherpa-onnx-whisper-base');
  });

  it('takes only absolute paths, on POSIX and Windows', () => {
    expect(isAbsolutePath('/srv/models')).toBe(true);
    expect(isAbsolutePath('C:\\Models')).toBe(true);
    expect(isAbsolutePath('D:/Models')).toBe(true);
    expect(isAbsolutePath('\\\\server\\share')).toBe(true);
    expect(isAbsolutePath('models/lama')).toBe(false);
    expect(isAbsolutePath('~/models')).toBe(false);
  });
});
