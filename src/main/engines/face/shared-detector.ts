import { createFaceDetector } from './human-detector.js';
import type { FaceDetector } from './types.js';

let shared: Promise<FaceDetector> | undefined;

/**
 * One face detector per process. Human keeps its loaded models in module state, so disposing one instance breaks
 * every other; jobs share this one and it lives as long as the process.
 */
export function sharedFaceDetector(): Promise<FaceDetector> {
  shared ??= createFaceDetector().catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
}
