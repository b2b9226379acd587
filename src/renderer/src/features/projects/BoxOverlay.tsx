import type { RefObject } from 'react';
import type { ProjectBox } from '../../../../shared/schemas/projects.js';

/** The selected line's text box drawn over the picture (where the video sits inside its letterboxed element). */
export function BoxOverlay({ media, box }: { media: RefObject<HTMLVideoElement | null>; box: ProjectBox }) {
  const video = media.current;
  if (!video || !video.videoWidth) return null;
  const scale = Math.min(video.clientWidth / video.videoWidth, video.clientHeight / video.videoHeight);
  const width = video.videoWidth * scale;
  const height = video.videoHeight * scale;
  const left = video.offsetLeft + (video.clientWidth - width) / 2;
  const top = video.offsetTop + (video.clientHeight - height) / 2;
  return (
    <div
      className="box-overlay"
      aria-hidden="true"
      style={{
        left: left + box.x * width,
        top: top + box.y * height,
        width: box.width * width,
        height: box.height * height,
      }}
    />
  );
}
