import { describe, expect, it } from 'vitest';
import type { CatalogueEntry } from '../../src/main/models/catalogue.js';
import { createProgressReporter, type InstallEvent } from '../../src/main/models/install-progress.js';

const entry: CatalogueEntry = {
  id: 'two-files',
  task: 'asr',
  title: 'Two files',
  description: '',
  license: '',
  sizeBytes: 5000,
  files: [
    { name: 'a.onnx', url: 'u', sizeBytes: 1000 },
    { name: 'b.onnx', url: 'u' },
  ],
};

function record(intervalMs: number) {
  const seen: { event: InstallEvent; publish: boolean }[] = [];
  const report = createProgressReporter(entry, intervalMs, (event, publish) => seen.push({ event, publish }));
  return { report, seen };
}

describe('install progress', () => {
  it('sums bytes over files and uses the catalogue size until every file size is known', () => {
    const { report, seen } = record(0);
    report('downloading', 'a.onnx', 600, 1000);
    report('downloading', 'a.onnx', 1000, 1000);
    report('downloading', 'b.onnx', 0, 3000);
    report('downloading', 'b.onnx', 3000, 3000);
    expect(seen.map((s) => [s.event.receivedBytes, s.event.totalBytes])).toEqual([
      [600, 5000],
      [1000, 5000],
      [1000, 4000],
      [4000, 4000],
    ]);
  });

  it('throttles publishing within the interval but always publishes state changes and finished files', () => {
    const { report, seen } = record(60_000);
    report('downloading', 'a.onnx', 0, 1000);
    report('downloading', 'a.onnx', 10, 1000);
    report('downloading', 'a.onnx', 20, 1000);
    report('downloading', 'a.onnx', 1000, 1000);
    report('verifying', 'a.onnx', 1000, 1000);
    expect(seen.map((s) => s.publish)).toEqual([true, false, false, true, true]);
    expect(seen.at(-1)!.event).toEqual({
      id: 'two-files',
      state: 'verifying',
      file: 'a.onnx',
      receivedBytes: 1000,
      totalBytes: 5000,
    });
  });
});
