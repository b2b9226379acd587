import { useEffect, useMemo, useState } from 'react';
import type { TaskWarning } from '../../../../shared/schemas/jobs.js';
import { formatMediaTime } from '../../lib/format.js';
import { cueAt, parseSrtCues, plainCueText, type Cue } from '../../lib/srt.js';

/** A warning names its line by the input's cue number and times; the result's SRT is renumbered, so times match them. */
export function warningFor(cue: Cue, warnings: readonly TaskWarning[]): TaskWarning | undefined {
  return warnings.find((warning) => warning.start !== undefined && Math.abs(warning.start - cue.startSec) < 0.01);
}

/** The result's subtitles as a list; the cue playing now is marked, a line with a warning says so, and a cue seeks the player when chosen. */
export function SubtitlePanel({ url, time, onSeek, warnings = [] }: { url: string; time: number; onSeek(seconds: number): void; warnings?: readonly TaskWarning[] }) {
  const [cues, setCues] = useState<Cue[]>();
  const [failed, setFailed] = useState<string>();

  useEffect(() => {
    let current = true;
    fetch(url)
      .then(async (response) => {
        if (!response.ok) throw new Error(`The subtitles could not be loaded (${response.status}).`);
        return parseSrtCues(await response.text());
      })
      .then((parsed) => current && setCues(parsed), (error: Error) => current && setFailed(error.message));
    return () => {
      current = false;
    };
  }, [url]);

  const now = useMemo(() => (cues ? cueAt(cues, time) : undefined), [cues, time]);
  if (failed) return <p className="error">{failed}</p>;
  if (!cues) return <p aria-busy="true">Loading subtitles…</p>;
  return (
    <ol className="cues" aria-label="Subtitles">
      {cues.map((cue) => {
        const { speaker, text } = plainCueText(cue.text);
        const warning = warningFor(cue, warnings);
        return (
          <li key={cue.index} aria-current={cue === now ? 'true' : undefined} data-warning={warning?.code}>
            <button type="button" className="link cue" onClick={() => onSeek(cue.startSec)}>
              <span className="muted cue-time">{formatMediaTime(cue.startSec)}</span>
              {warning ? <span className="cue-warning-marker" role="img" aria-label="Warning" title={warning.message} style={{ color: 'var(--danger)' }}>⚠</span> : null}
              {speaker ? <span className="cue-speaker">{speaker}</span> : null}
              <span className="cue-text">{text}</span>
            </button>
            {warning ? <p className="cue-warning" style={{ color: 'var(--danger)', margin: '0 0 0.3rem 0.5rem', fontSize: '0.85em' }}>{warning.message}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
