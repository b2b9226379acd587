// Vocal separation: removes the original voice and keeps music and ambience (onnxruntime).
import type { CatalogueEntry } from '../catalogue.js';

export const SEPARATION_MODELS: readonly CatalogueEntry[] = [
];
