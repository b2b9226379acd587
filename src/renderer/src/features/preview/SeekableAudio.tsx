import { useEffect, useRef } from 'react';

interface SeekableAudioProps {
  src: string;
  label: string;
  onTime?(seconds: number): void;
  /** Seek requests from outside (a subtitle cue or a place to review chosen). */
  seekTo?: { seconds: number; nonce: number };
}

/** An audio player the page can move to a time. */
export function SeekableAudio({ src, label, onTime, seekTo }: SeekableAudioProps) {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (seekTo && audio.current) audio.current.currentTime = seekTo.seconds;
  }, [seekTo]);
  return (
    <audio
      ref={audio}
      controls
      preload="metadata"
      src={src}
      aria-label={label}
      onTimeUpdate={onTime ? (event) => onTime(event.currentTarget.currentTime) : undefined}
    />
  );
}
