// Pure: a WebVTT document (W3C WebVTT, what browsers' <track> reads) from cues, each speaker as a voice tag.

export interface WebVttCue {
  startMs: number;
  endMs: number;
  /** Lines joined with \n; SRT formatting tags may be in it. */
  text: string;
  /** Written as `<v Speaker>`; none when empty. */
  speaker?: string;
}

/** 3723004 -> `01:02:03.004` (hours always written, so every cue has the same shape). */
export function formatWebVttTime(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(total / 3_600_000))}:${pad(Math.floor(total / 60_000) % 60)}:${pad(Math.floor(total / 1000) % 60)}.${pad(total % 1000, 3)}`;
}

/** The three characters WebVTT cue text must escape (`-->` inside a cue becomes `--&gt;`, so it cannot end one). */
export function escapeWebVttText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// Styling tags WebVTT shares with SRT are kept; others (<font>, ASS overrides such as {\an8}) have no WebVTT meaning.
const KEPT_TAG = /^<\/?[ibu]>$/i;
const ANY_TAG = /<\/?[a-z][^>]*>|\{\\[^}]*\}/gi;

/** Cue text as WebVTT: <i>, <b>, <u> stay tags, other tags are dropped, everything else is escaped. */
export function webVttCueText(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(ANY_TAG)) {
    out += escapeWebVttText(text.slice(last, match.index));
    if (KEPT_TAG.test(match[0])) out += match[0].toLowerCase();
    last = match.index! + match[0].length;
  }
  return out + escapeWebVttText(text.slice(last));
}

/** A voice tag's annotation ends at `>` and must stay on one line. */
function voiceAnnotation(speaker: string): string {
  return escapeWebVttText(speaker.replace(/[\r\n\t]+/g, ' ').trim());
}

export function serializeWebVtt(cues: readonly WebVttCue[]): string {
  const blocks = cues.map((cue, i) => {
    // A blank line inside a cue would end it early.
    const lines = webVttCueText(cue.text)
      .split(/\r\n|\r|\n/)
      .filter((line) => line.trim() !== '');
    const speaker = cue.speaker ? voiceAnnotation(cue.speaker) : '';
    // The voice span runs to the end of the cue, across its line breaks.
    const body = speaker && lines.length ? [`<v ${speaker}>${lines[0]}`, ...lines.slice(1)] : lines;
    return [String(i + 1), `${formatWebVttTime(cue.startMs)} --> ${formatWebVttTime(cue.endMs)}`, ...body].join('\n');
  });
  return ['WEBVTT', ...blocks].join('\n\n') + '\n';
}
