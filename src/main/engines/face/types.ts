// The face engine's contract: where a face and its lips are in one frame, in image pixel coordinates.

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FaceLandmarks {
  /** Tight box around all landmarks of the face (forehead to chin, cheek to cheek), clamped to the frame. */
  box: Box;
  /** Detector confidence in 0..1. */
  score: number;
  /** Outer lip contour, a closed loop of 20 points: left mouth corner, along the upper lip, right corner, back along the lower lip. */
  mouthOuter: Point[];
  /** Inner lip contour (the opening), a closed loop of 20 points in the same order as mouthOuter. */
  mouthInner: Point[];
  /** The eye on the image's left side (the subject's right eye), a closed loop of 16 points. */
  leftEye: Point[];
  /** The eye on the image's right side (the subject's left eye), a closed loop of 16 points. */
  rightEye: Point[];
  /** Nose bridge down to the tip and nostrils: stable points for alignment. */
  nose: Point[];
  /** Jaw line from the image-left cheek over the chin to the image-right cheek. */
  jaw?: Point[];
}

export interface RgbFrame {
  /** Packed pixels, rows top to bottom, no padding: width * height * channels bytes. */
  data: Uint8Array;
  width: number;
  height: number;
  /** 3 = RGB, 4 = RGBA (alpha ignored). */
  channels: 3 | 4;
}

export interface FaceDetector {
  /** Every face found in the frame, largest first; an empty list when there is none. */
  detect(frame: RgbFrame): Promise<FaceLandmarks[]>;
  /**
   * The face finder alone: for each face, largest first, the square the landmark model reads it in (no landmarks).
   * With fitLandmarks, for engines whose landmark model can read a face without the finder.
   */
  findFaces?(frame: RgbFrame): Promise<Box[]>;
  /**
   * The landmark model alone, on a square findFaces gave (moved along with the face): the face read there, or null
   * when the model's own confidence says no face is in it (hidden, gone).
   */
  fitLandmarks?(frame: RgbFrame, square: Box): Promise<FaceLandmarks | null>;
  /** Releases the model weights once detections in flight end; detect() fails afterwards. */
  dispose(): void | Promise<void>;
}
