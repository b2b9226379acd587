// What a download or an import needs from the store: where to stage, how to verify, how to put the result in place.
import type { CatalogueEntry } from './catalogue.js';
import type { ModelManifest } from './manifest.js';
import type { OnnxRuntime } from './onnx-runtime.js';

export interface InstallContext {
  /** Loads staged ONNX files to check them. */
  runtime: OnnxRuntime;
  /** Moves a complete, verified staging folder into place, replacing an installed copy. */
  commit(entry: CatalogueEntry, stagingDir: string, manifest: ModelManifest): Promise<void>;
  now(): Date;
}
