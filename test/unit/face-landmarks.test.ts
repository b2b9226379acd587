import { describe, expect, it } from 'vitest';
import { FACEMESH_CONTOURS, landmarksFromMesh } from '../../src/main/engines/face/facemesh-landmarks.js';

// A mesh whose point i sits at (i, 2i): every landmark then names the mesh index it came from.
const mesh = Array.from({ length: 468 }, (_, i) => [i, 2 * i, 0]);

describe('landmarksFromMesh', () => {
  it('takes closed lip loops of 20 distinct mesh points, corner to corner over the upper lip and back', () => {
    const face = landmarksFromMesh(mesh, 0.9, { width: 2000, height: 2000 });
    expect(face.mouthOuter.map((p) => p.x)).toEqual([...FACEMESH_CONTOURS.mouthOuter]);
    expect(new Set(face.mouthOuter.map((p) => p.x)).size).toBe(20);
    expect(new Set(face.mouthInner.map((p) => p.x)).size).toBe(20);
    // Mouth corners (61/291 outer, 78/308 inner) open each loop and sit half-way round it.
    expect([face.mouthOuter[0].x, face.mouthOuter[10].x]).toEqual([61, 291]);
    expect([face.mouthInner[0].x, face.mouthInner[10].x]).toEqual([78, 308]);
    expect(face.leftEye).toHaveLength(16);
    expect(face.rightEye).toHaveLength(16);
    expect(face.jaw?.[10].x).toBe(152);
    expect(face.score).toBe(0.9);
  });

  it('scales points into the caller frame and clamps the box to it', () => {
    const face = landmarksFromMesh(mesh, 1, { width: 500, height: 600, scaleX: 2, scaleY: 0.5 });
    expect(face.mouthOuter[0]).toEqual({ x: 122, y: 61 });
    expect(face.box).toEqual({ x: 0, y: 0, width: 500, height: 467 });
  });

  it('rejects a mesh of the wrong size', () => {
    expect(() => landmarksFromMesh(mesh.slice(1), 1, { width: 10, height: 10 })).toThrow(/468 points/);
  });
});
