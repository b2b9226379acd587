import { useEffect, useRef, useState } from 'react';
import { formatMediaTime } from '../../lib/format.js';

interface ResultPreviewProps {
  resultUrl: string;
  /** The input, when the page can load it: a video plays in sync with the result, a picture stands still. */
  original?: { url: string; kind: 'video' | 'image' };
  onTime?(seconds: number): void;
  /** Seek requests from outside (e.g. a subtitle cue clicked). */
  seekTo?: { seconds: number; nonce: number };
}

/** Drift between the two players above this is corrected. */
const MAX_DRIFT_SEC = 0.15;

/**
 * The result video, and with the original known either side by side or stacked under a wipe slider.
 * The result drives; the original follows its play, pause, seek and rate.
 */
export function ResultPreview({ resultUrl, original: originalInput, onTime, seekTo }: ResultPreviewProps) {
  const originalUrl = originalInput?.url;
  const result = useRef<HTMLVideoElement>(null);
  const original = useRef<HTMLVideoElement>(null);
  const [mode, setMode] = useState<CompareMode>('side');
  const [wipe, setWipe] = useState(50);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [listenTo, setListenTo] = useState<Listen>('result');

  const follow = () => {
    const master = result.current;
    const follower = original.current;
    if (!master || !follower) return;
    if (Math.abs(follower.currentTime - master.currentTime) > MAX_DRIFT_SEC) follower.currentTime = master.currentTime;
    follower.playbackRate = master.playbackRate;
    if (master.paused !== follower.paused) {
      if (master.paused) follower.pause();
      else void follower.play().catch(() => undefined);
    }
  };

  useEffect(() => {
    if (!seekTo || !result.current) return;
    result.current.currentTime = seekTo.seconds;
    // The original follows on its own only once the result reports the seek; both move now.
    if (original.current) original.current.currentTime = seekTo.seconds;
  }, [seekTo]);

  useEffect(() => {
    if (result.current) result.current.muted = listenTo !== 'result';
    if (original.current) original.current.muted = listenTo !== 'original';
  }, [listenTo, originalUrl]);

  const seekMaster = (seconds: number) => {
    // The slider shows `time`: set it now, or React puts the old value back before the change event reads it.
    setTime(seconds);
    if (result.current) result.current.currentTime = seconds;
  };

  const togglePlay = () => {
    const master = result.current;
    if (!master) return;
    if (master.paused) void master.play().catch(() => undefined);
    else master.pause();
  };

  const onMasterTime = () => {
    const master = result.current;
    if (!master) return;
    setTime(master.currentTime);
    onTime?.(master.currentTime);
    follow();
  };

  const resultVideo = (
    <video
      ref={result}
      className="result-video"
      src={resultUrl}
      preload="metadata"
      playsInline
      aria-label="Result"
      onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
      onTimeUpdate={onMasterTime}
      onSeeked={onMasterTime}
      onPlay={() => {
        setPlaying(true);
        follow();
      }}
      onPause={() => {
        setPlaying(false);
        follow();
      }}
      onRateChange={follow}
      onClick={togglePlay}
    />
  );
  const originalVideo = !originalUrl ? null : originalInput?.kind === 'image' ? (
    <img className="original-image" src={originalUrl} alt="Original" />
  ) : (
    <video
      ref={original}
      className="original-video"
      src={originalUrl}
      preload="metadata"
      playsInline
      muted
      aria-label="Original"
      onClick={togglePlay}
    />
  );
  const hasSound = originalInput?.kind === 'video';

  return (
    <div className="preview">
      {originalUrl ? (
        <CompareModes mode={mode} onMode={setMode} hasSound={hasSound} listenTo={listenTo} onListenTo={setListenTo} />
      ) : null}
      {originalUrl && mode === 'side' ? (
        <div className="side-by-side">
          <figure>
            <figcaption>Original</figcaption>
            {originalVideo}
          </figure>
          <figure>
            <figcaption>Result</figcaption>
            {resultVideo}
          </figure>
        </div>
      ) : originalUrl && mode === 'wipe' ? (
        <div className="wipe">
          {resultVideo}
          {/* The original lies on top, cut off right of the slider: left of the line is before, right is after. */}
          <div className="wipe-top" style={{ clipPath: `inset(0 ${100 - wipe}% 0 0)` }}>
            {originalVideo}
          </div>
          <div className="wipe-line" style={{ left: `${wipe}%` }} aria-hidden="true" />
        </div>
      ) : (
        <div className="single">{resultVideo}</div>
      )}
      <PlayerControls
        playing={playing}
        onTogglePlay={togglePlay}
        time={time}
        duration={duration}
        onSeek={seekMaster}
        wipe={originalUrl && mode === 'wipe' ? { percent: wipe, onChange: setWipe } : undefined}
      />
    </div>
  );
}

type CompareMode = 'side' | 'wipe';
type Listen = 'result' | 'original';

/** How the result is compared with the original, and which of the two is heard. */
function CompareModes(props: {
  mode: CompareMode;
  onMode(mode: CompareMode): void;
  hasSound: boolean;
  listenTo: Listen;
  onListenTo(listen: Listen): void;
}) {
  const { mode, onMode, hasSound, listenTo, onListenTo } = props;
  return (
    <div className="preview-modes" role="radiogroup" aria-label="Compare">
      <label className="check">
        <input type="radio" name="preview-mode" checked={mode === 'side'} onChange={() => onMode('side')} /> Side by
        side
      </label>
      <label className="check">
        <input type="radio" name="preview-mode" checked={mode === 'wipe'} onChange={() => onMode('wipe')} /> Wipe
      </label>
      {hasSound ? (
        <>
          <label className="check">
            <input type="radio" name="listen" checked={listenTo === 'result'} onChange={() => onListenTo('result')} />{' '}
            Hear the result
          </label>
          <label className="check">
            <input
              type="radio"
              name="listen"
              checked={listenTo === 'original'}
              onChange={() => onListenTo('original')}
            />{' '}
            Hear the original
          </label>
        </>
      ) : null}
    </div>
  );
}

/** Play and pause, the position slider, and with the wipe shown its slider. */
function PlayerControls(props: {
  playing: boolean;
  onTogglePlay(): void;
  time: number;
  duration: number;
  onSeek(seconds: number): void;
  wipe?: { percent: number; onChange(percent: number): void };
}) {
  const { playing, onTogglePlay, time, duration, onSeek, wipe } = props;
  return (
    <div className="player-controls">
      <button type="button" onClick={onTogglePlay}>
        {playing ? 'Pause' : 'Play'}
      </button>
      <input
        type="range"
        aria-label="Position"
        min={0}
        max={duration || 0}
        step={0.05}
        value={Math.min(time, duration || 0)}
        aria-valuetext={`${formatMediaTime(time)} of ${formatMediaTime(duration)}`}
        onChange={(event) => onSeek(Number(event.target.value))}
      />
      <span className="muted time">
        {formatMediaTime(time)} / {formatMediaTime(duration)}
      </span>
      {wipe ? (
        <label className="wipe-control">
          Wipe
          <input
            type="range"
            min={0}
            max={100}
            value={wipe.percent}
            onChange={(event) => wipe.onChange(Number(event.target.value))}
            aria-valuetext={`${wipe.percent}% original`}
          />
        </label>
      ) : null}
    </div>
  );
}
