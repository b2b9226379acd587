import { useEffect, useMemo, useState } from 'react';
import { formatMediaTime } from '../../lib/format.js';
import { cueAt, parseSrtCues, plainCueText, type Cue } from '../../lib/srt.js';

/** The result's subtitles as a list; the cue playing now is marked, and a cue seeks the player when chosen. */
export function SubtitlePanel({ url, time, onSeek }: { url: string; time: number; onSeek(seconds: number): void }) {
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
        return (
          <li key={cue.index} aria-current={cue === now ? 'true' : undefined}>
            <button type="button" className="link cue" onClick={() => onSeek(cue.startSec)}>
              <span className="muted cue-time">{formatMediaTime(cue.startSec)}</span>
              {speaker ? <span className="cue-speaker">{speaker}</span> : null}
              <span className="cue-text">{text}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
