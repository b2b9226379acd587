import { useEffect, useMemo, useState } from 'react';
import type { TaskWarning } from '../../../../shared/schemas/jobs.js';
import { formatMediaTime } from '../../lib/format.js';
import { describeEncoding } from '../../../../shared/subtitles/srt.js';
import { cueAt, plainCueText, readSubtitlePreview, type Cue, type SubtitlePreview } from '../../lib/srt.js';

/** A warning names its line by the input's cue number and times; the result's SRT is renumbered, so times match them. */
export function warningFor(cue: Cue, warnings: readonly TaskWarning[]): TaskWarning | undefined {
  return warnings.find((warning) => warning.start !== undefined && Math.abs(warning.start - cue.startSec) < 0.01);
}

interface CueListProps {
  time: number;
  onSeek(seconds: number): void;
  warnings?: readonly TaskWarning[];
}

/** A subtitle file's cues, read from its bytes in whatever encoding it has (the encoding is named above the list). */
export function SubtitlePanel({ url, ...props }: CueListProps & { url: string }) {
  const [preview, setPreview] = useState<SubtitlePreview>();
  const [failed, setFailed] = useState<string>();

  useEffect(() => {
    let current = true;
    fetch(url)
      .then(async (response) => {
        if (!response.ok) throw new Error(`The subtitles could not be loaded (${response.status}).`);
        return readSubtitlePreview(new Uint8Array(await response.arrayBuffer()));
      })
      .then(
        (parsed) => current && setPreview(parsed),
        (error: Error) => current && setFailed(error.message),
      );
    return () => {
      current = false;
    };
  }, [url]);

  if (failed) return <p className="error">{failed}</p>;
  if (!preview) return <p aria-busy="true">Loading subtitles…</p>;
  return <SubtitleCueList preview={preview} {...props} />;
}

/** A file's cues without a player (the create view's preview): nothing plays, so no cue is current or seeks. */
type StillCueListProps = { [K in keyof CueListProps]?: undefined };

/** The cues as a list; the cue playing now is marked, a line with a warning says so, and a cue seeks the player when chosen. */
export function SubtitleCueList({
  preview,
  time = -1,
  onSeek,
  warnings = [],
}: (CueListProps | StillCueListProps) & { preview: SubtitlePreview }) {
  const { cues } = preview;
  const now = useMemo(() => cueAt(cues, time), [cues, time]);
  return (
    <>
      <p className="muted subtitle-encoding">Encoding: {describeEncoding(preview)}</p>
      <ol className="cues" aria-label="Subtitles">
        {cues.map((cue) => {
          const { speaker, text } = plainCueText(cue.text);
          const warning = warningFor(cue, warnings);
          const line = (
            <>
              <span className="muted cue-time">{formatMediaTime(cue.startSec)}</span>
              {warning ? (
                <span
                  className="cue-warning-marker"
                  role="img"
                  aria-label="Warning"
                  title={warning.message}
                  style={{ color: 'var(--danger)' }}
                >
                  ⚠
                </span>
              ) : null}
              {speaker ? <span className="cue-speaker">{speaker}</span> : null}
              <span className="cue-text">{text}</span>
            </>
          );
          return (
            <li key={cue.index} aria-current={cue === now ? 'true' : undefined} data-warning={warning?.code}>
              {onSeek ? (
                <button type="button" className="link cue" onClick={() => onSeek(cue.startSec)}>
                  {line}
                </button>
              ) : (
                <span className="cue">{line}</span>
              )}
              {warning ? (
                <p
                  className="cue-warning"
                  style={{ color: 'var(--danger)', margin: '0 0 0.3rem 0.5rem', fontSize: '0.85em' }}
                >
                  {warning.message}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </>
  );
}
