import { useEffect, useRef, useState, type RefObject } from 'react';

export type FrameState = 'none' | 'loading' | 'ready' | 'failed';

/** The canvas never gets wider than this: the frame is a drawing guide, not a preview in full resolution. */
const MAX_CANVAS_WIDTH = 960;

/** Pure: where to take the first frame: a second in (past a fade-in), but never past the middle of a short clip. */
export function firstFrameTime(durationSec: number): number {
  if (!Number.isFinite(durationSec) || durationSec <= 0) return 0;
  return Math.min(1, durationSec / 2);
}

/** Pure: the canvas size for a video frame, keeping its aspect ratio. */
export function canvasSize(videoWidth: number, videoHeight: number): { width: number; height: number } {
  if (videoWidth <= 0 || videoHeight <= 0) return { width: 640, height: 360 };
  const scale = Math.min(1, MAX_CANVAS_WIDTH / videoWidth);
  return { width: Math.round(videoWidth * scale), height: Math.round(videoHeight * scale) };
}

/**
 * Draws one frame of the video at `url` into `canvas`, at `timeSec` (undefined: firstFrameTime). A detached
 * <video> seeks and the frame is copied on `seeked`, so nothing plays and no controls show.
 */
export function useVideoFrame(
  url: string | undefined,
  canvas: RefObject<HTMLCanvasElement | null>,
  timeSec: number | undefined,
) {
  const [state, setState] = useState<FrameState>(url ? 'loading' : 'none');
  const [durationSec, setDurationSec] = useState(0);
  const [shownAtSec, setShownAtSec] = useState<number>();
  const video = useRef<HTMLVideoElement>(undefined);

  useEffect(() => {
    if (!url) {
      setState('none');
      return;
    }
    setState('loading');
    const element = document.createElement('video');
    element.muted = true;
    element.preload = 'auto';
    element.playsInline = true;
    const draw = () => {
      const target = canvas.current;
      const context = target?.getContext('2d');
      if (!target || !context) return;
      const size = canvasSize(element.videoWidth, element.videoHeight);
      if (target.width !== size.width) target.width = size.width;
      if (target.height !== size.height) target.height = size.height;
      context.drawImage(element, 0, 0, size.width, size.height);
      setShownAtSec(element.currentTime);
      setState('ready');
    };
    const onMetadata = () => {
      setDurationSec(element.duration);
      element.currentTime = firstFrameTime(element.duration);
    };
    const onError = () => setState('failed');
    element.addEventListener('loadedmetadata', onMetadata);
    element.addEventListener('seeked', draw);
    element.addEventListener('error', onError);
    element.src = url;
    video.current = element;
    return () => {
      element.removeEventListener('loadedmetadata', onMetadata);
      element.removeEventListener('seeked', draw);
      element.removeEventListener('error', onError);
      // Releases the decoder and any range request still running.
      element.removeAttribute('src');
      element.load();
      video.current = undefined;
    };
  }, [url, canvas]);

  useEffect(() => {
    const element = video.current;
    if (timeSec === undefined || !element || element.readyState < 1) return;
    element.currentTime = Math.min(Math.max(0, timeSec), element.duration || 0);
  }, [timeSec]);

  return { state, durationSec, shownAtSec };
}
