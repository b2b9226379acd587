// The appearance the face tracker tells people apart by, measured on the real faces of the face package's demo photos:
// the same face seen again (smaller and turned, or with its mouth opened) reads as alike as IDENTITY_LIMITS expects,
// and two different people never read as alike as the bar for taking a face far from the last sighting.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appearanceSimilarity,
  faceAppearance,
  type FaceAppearance,
} from '../../src/main/engines/face/face-appearance.js';
import { IDENTITY_LIMITS } from '../../src/main/engines/face/face-identity.js';
import { createFaceDetector } from '../../src/main/engines/face/human-detector.js';
import type { FaceDetector, FaceLandmarks } from '../../src/main/engines/face/types.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { decodeStillImage } from '../../src/main/media/still-image.js';
import { applyMouthShape } from '../../src/main/engines/lipsync/mouth-warp/mouth-warp.js';
import { facePhoto } from '../fixtures/faces.js';
import { makeMediaDir } from '../fixtures/media.js';

const PHOTOS = ['sample1.jpg', 'sample2.jpg', 'sample3.jpg', 'sample4.jpg', 'sample5.jpg', 'sample6.jpg'];
/** The same people seen again: the photo shrunk to 37 % (faces about 70 px) and turned by 0.09 rad (5 degrees). */
const SHRINK = 0.37;
const TURN = 0.09;

interface Person {
  name: string;
  looks: FaceAppearance;
  /** Similarity to the same face in the shrunk and turned photo, and with its mouth opened by the warp. */
  turned: number;
  opened: number;
}

let media: { dir: string; cleanup: () => Promise<void> };
let detector: FaceDetector;
const people: Person[] = [];

const centre = (face: FaceLandmarks) => ({ x: face.box.x + face.box.width / 2, y: face.box.y + face.box.height / 2 });

/** The detection nearest to `at`, when it is within a third of `size` (else the face was not found again). */
function nearest(faces: FaceLandmarks[], at: { x: number; y: number }, size: number): FaceLandmarks {
  const [best] = [...faces].sort(
    (a, b) => Math.hypot(centre(a).x - at.x, centre(a).y - at.y) - Math.hypot(centre(b).x - at.x, centre(b).y - at.y),
  );
  if (!best || Math.hypot(centre(best).x - at.x, centre(best).y - at.y) > size / 3)
    throw new Error(`no face found again near ${JSON.stringify(at)}`);
  return best;
}

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-face-identity-');
  detector = await createFaceDetector();
  const folder = path.dirname(await facePhoto());
  for (const name of PHOTOS) {
    const image = await decodeStillImage(path.join(folder, name));
    const faces = await detector.detect({ ...image, channels: 3 });
    const turnedFile = path.join(media.dir, `turned-${name}.png`);
    await runProcess(
      resolveMediaTools().ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-i',
        path.join(folder, name),
        '-vf',
        `scale=iw*${SHRINK}:-2,rotate=${TURN}:fillcolor=gray`,
        turnedFile,
      ],
      { toolName: 'ffmpeg' },
    );
    const turned = await decodeStillImage(turnedFile);
    const turnedFaces = await detector.detect({ ...turned, channels: 3 });
    for (const [index, face] of faces.entries()) {
      const looks = faceAppearance({ ...image, channels: 3 }, face.box)!;
      // ffmpeg's rotate turns clockwise about the picture's centre.
      const scale = turned.width / image.width;
      const dx = (centre(face).x - image.width / 2) * scale;
      const dy = (centre(face).y - image.height / 2) * scale;
      const at = {
        x: turned.width / 2 + dx * Math.cos(TURN) - dy * Math.sin(TURN),
        y: turned.height / 2 + dx * Math.sin(TURN) + dy * Math.cos(TURN),
      };
      const again = nearest(turnedFaces, at, face.box.width * scale);
      const open = { data: Buffer.from(image.data), width: image.width, height: image.height };
      applyMouthShape(
        open,
        { outer: face.mouthOuter, inner: face.mouthInner },
        { opening: 0.6, width: 1, rounding: 0 },
      );
      const opened = nearest(await detector.detect({ ...open, channels: 3 }), centre(face), face.box.width);
      people.push({
        name: `${name}#${index}`,
        looks,
        turned: appearanceSimilarity(looks, faceAppearance({ ...turned, channels: 3 }, again.box)!),
        opened: appearanceSimilarity(looks, faceAppearance({ ...open, channels: 3 }, opened.box)!),
      });
    }
  }
}, 180_000);

afterAll(async () => {
  await detector?.dispose();
  await media?.cleanup();
});

describe('telling people apart by appearance (real photos)', () => {
  it('reads the same face seen again, smaller and turned or with its mouth open, as alike', () => {
    expect(people.length).toBeGreaterThanOrEqual(20);
    const turned = Math.min(...people.map((person) => person.turned));
    const opened = Math.min(...people.map((person) => person.opened));
    console.log(
      `${people.length} faces; the same face again: at least ${turned.toFixed(3)} shrunk and turned, ${opened.toFixed(3)} with its mouth opened`,
    );
    expect(turned).toBeGreaterThanOrEqual(IDENTITY_LIMITS.nearSimilarity);
    expect(opened).toBeGreaterThanOrEqual(IDENTITY_LIMITS.nearSimilarity);
  });

  it('never reads two different people as alike as the bar for a face far from the last sighting', () => {
    const pairs: number[] = [];
    for (let i = 0; i < people.length; i++)
      for (let j = i + 1; j < people.length; j++) pairs.push(appearanceSimilarity(people[i]!.looks, people[j]!.looks));
    pairs.sort((a, b) => a - b);
    const above = pairs.filter((value) => value >= IDENTITY_LIMITS.nearSimilarity).length;
    console.log(
      `${pairs.length} pairs of different people: median ${pairs[pairs.length >> 1]!.toFixed(3)}, highest ${pairs[pairs.length - 1]!.toFixed(3)}; ${above} at or above the near bar ${IDENTITY_LIMITS.nearSimilarity}`,
    );
    expect(pairs[pairs.length - 1]).toBeLessThan(IDENTITY_LIMITS.farSimilarity);
    // Most bystanders are told apart even right where the person was.
    expect(above / pairs.length).toBeLessThan(0.15);
  });
});
