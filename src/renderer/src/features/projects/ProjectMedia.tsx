import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ProjectBox } from '../../../../shared/schemas/projects.js';
import { BoxOverlay } from './BoxOverlay.js';
import type { LinePreview } from './project-editor.js';

interface ProjectMediaProps {
  mediaUrl: string | undefined;
  media: RefObject<HTMLVideoElement | null>;
  /** The selected line's box, drawn over the picture (visual projects). */
  box: ProjectBox | undefined;
  preview: LinePreview | undefined;
  onTime(seconds: number): void;
  onClosePreview(): void;
}

/** The project's input media, and the last regenerated line played over the original. */
export function ProjectMedia({ mediaUrl, media, box, preview, onTime, onClosePreview }: ProjectMediaProps) {
  const previewAudio = useRef<HTMLAudioElement>(null);
  const [audioOnly, setAudioOnly] = useState(false);

  // A regenerated line plays at once, over the original, in the player the page shows.
  useEffect(() => {
    if (preview && previewAudio.current) void previewAudio.current.play().catch(() => undefined);
  }, [preview]);

  return (
    <div className="project-media">
      {mediaUrl ? (
        <div className="media-frame">
          <video
            ref={media}
            className={audioOnly ? 'audio-only' : undefined}
            src={mediaUrl}
            controls
            preload="auto"
            aria-label="Input media"
            onLoadedMetadata={(event) => setAudioOnly(event.currentTarget.videoWidth === 0)}
            onTimeUpdate={(event) => onTime(event.currentTarget.currentTime)}
            onSeeked={(event) => onTime(event.currentTarget.currentTime)}
          />
          {box ? <BoxOverlay media={media} box={box} /> : null}
        </div>
      ) : (
        <p className="muted">The input media is not available.</p>
      )}
      {preview ? (
        <div className="line-preview">
          <p>Line {preview.number}, its new voice over the original:</p>
          <audio
            ref={previewAudio}
            key={preview.withOriginalUrl}
            src={preview.withOriginalUrl}
            controls
            autoPlay
            aria-label={`Line ${preview.number} with the original`}
          />
          <p className="muted">
            <a href={preview.audioUrl} target="_blank" rel="noreferrer">
              The line alone
            </a>{' '}
            ·{' '}
            <button type="button" className="link" onClick={onClosePreview}>
              Close
            </button>
          </p>
        </div>
      ) : null}
    </div>
  );
}
