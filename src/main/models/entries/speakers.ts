// Speaker diarization: segmentation and speaker-embedding pairs (sherpa-onnx).
import type { CatalogueEntry } from '../catalogue.js';

export const SPEAKER_MODELS: readonly CatalogueEntry[] = [
];
