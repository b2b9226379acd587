// How the lip-sync quality check reads the followed face on the frames it samples: the finder frames it once, the
// landmark model alone reads it afterwards in that square moved with the track, and the whole detector looks where
// the landmark model finds no face.
import { describe, expect, it } from 'vitest';
import type { Box, FaceDetector, FaceLandmarks } from '../../src/main/engines/face/types.js';
import { followedFaceReader } from '../../src/main/quality/lipsync/followed-face.js';

/** A face whose landmark box is `box` (only the box matters here). */
function face(box: Box): FaceLandmarks {
  return { box, score: 1, mouthOuter: [], mouthInner: [], leftEye: [], rightEye: [], nose: [] };
}

// The picture is small beside the face, so the region around it (grown by its size) is always the whole picture.
const picture = { data: new Uint8Array(200 * 200 * 3), width: 200, height: 200 };
const size = { width: 200, height: 200 };

/** A scripted detector that records what it was asked; `fits` answers each landmark fit in turn (a face or none). */
function scripted(options: { squares: Box[]; fits: boolean[]; detects?: FaceLandmarks[][] }) {
  const calls: string[] = [];
  const fitted: Box[] = [];
  const detector: FaceDetector = {
    detect: async () => {
      calls.push('detect');
      return options.detects?.shift() ?? [];
    },
    findFaces: async () => {
      calls.push('find');
      return options.squares;
    },
    fitLandmarks: async (_frame, square) => {
      calls.push('fit');
      fitted.push(square);
      return options.fits.shift() ? face(square) : null;
    },
    dispose: () => {},
  };
  return { detector, calls, fitted };
}

describe('reading the followed face', () => {
  const track = [
    face({ x: 60, y: 60, width: 80, height: 80 }),
    face({ x: 70, y: 60, width: 80, height: 80 }),
    face({ x: 66, y: 60, width: 88, height: 96 }),
  ];

  it('frames the face once with the finder, then reads it with the landmark model alone, the square moved and scaled with the track', async () => {
    const { detector, calls, fitted } = scripted({
      squares: [{ x: 50, y: 55, width: 100, height: 100 }],
      fits: [true, true, true],
    });
    const read = followedFaceReader(detector, track, size);
    for (const frame of [0, 1, 2]) expect(await read(picture, frame)).not.toBeNull();
    expect(calls).toEqual(['find', 'fit', 'fit', 'fit']);
    // Kept where it was from the track box's top left corner, scaled with its width (not its height: the jaw moves it).
    expect(fitted).toEqual([
      { x: 50, y: 55, width: 100, height: 100 },
      { x: 60, y: 55, width: 100, height: 100 },
      {
        x: expect.closeTo(55, 9),
        y: expect.closeTo(54.5, 9),
        width: expect.closeTo(110, 9),
        height: expect.closeTo(110, 9),
      },
    ]);
  });

  it('where the landmark model finds no face, the whole detector looks; a face hidden there reads as none and the square stays', async () => {
    const { detector, calls } = scripted({
      squares: [{ x: 50, y: 55, width: 100, height: 100 }],
      fits: [true, false, true],
    });
    const read = followedFaceReader(detector, track, size);
    expect(await read(picture, 0)).not.toBeNull();
    expect(await read(picture, 1)).toBeNull();
    expect(await read(picture, 2)).not.toBeNull();
    expect(calls).toEqual(['find', 'fit', 'fit', 'detect', 'fit']);
  });

  it('frames the face afresh after the detector found one where the square read none', async () => {
    const { detector, calls } = scripted({
      squares: [{ x: 50, y: 55, width: 100, height: 100 }],
      fits: [false, true],
      detects: [[face({ x: 70, y: 60, width: 80, height: 80 })]],
    });
    const read = followedFaceReader(detector, track, size);
    expect(await read(picture, 0)).not.toBeNull();
    expect(await read(picture, 1)).not.toBeNull();
    expect(calls).toEqual(['find', 'fit', 'detect', 'find', 'fit']);
  });

  it('does not follow a bystander: a square whose centre is off the tracked face is no frame, and the detector reads', async () => {
    const { detector, calls } = scripted({
      squares: [{ x: 0, y: 140, width: 60, height: 60 }],
      fits: [],
      detects: [[], []],
    });
    const read = followedFaceReader(detector, track, size);
    expect(await read(picture, 0)).toBeNull();
    expect(await read(picture, 1)).toBeNull();
    expect(calls).toEqual(['find', 'detect', 'find', 'detect']);
  });

  it('reads the track in its own pixel size: a track of a picture twice as large is halved', async () => {
    const { detector, fitted } = scripted({ squares: [{ x: 50, y: 55, width: 100, height: 100 }], fits: [true, true] });
    const large = track.map((tracked) =>
      face({
        x: tracked.box.x * 2,
        y: tracked.box.y * 2,
        width: tracked.box.width * 2,
        height: tracked.box.height * 2,
      }),
    );
    const read = followedFaceReader(detector, large, { width: 400, height: 400 });
    await read(picture, 0);
    await read(picture, 1);
    expect(fitted[1]).toEqual({ x: 60, y: 55, width: 100, height: 100 });
  });
});
