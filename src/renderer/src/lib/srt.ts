// Pure: reads SRT leniently for display (the service already validated it), and turns it into WebVTT for <track>.

export interface Cue {
  index: number;
  startSec: number;
  endSec: number;
  text: string;
}

const TIMING = /(\d+):(\d{2}):(\d{2})[,.](\d{1,3})\s*-->\s*(\d+):(\d{2}):(\d{2})[,.](\d{1,3})/;

function seconds(h: string, m: string, s: string, ms: string): number {
  return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms.padEnd(3, '0')) / 1000;
}

export function parseSrtCues(text: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    const timingAt = lines.findIndex((line) => TIMING.test(line));
    if (timingAt < 0) continue;
    const m = TIMING.exec(lines[timingAt])!;
    cues.push({
      index: cues.length + 1,
      startSec: seconds(m[1], m[2], m[3], m[4]),
      endSec: seconds(m[5], m[6], m[7], m[8]),
      text: lines.slice(timingAt + 1).join('\n'),
    });
  }
  return cues;
}

function vttTime(totalSeconds: number): string {
  const ms = Math.round(totalSeconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** WebVTT keeps `<v Speaker>` tags, which SRT files from DubDesk carry. */
export function cuesToVtt(cues: readonly Cue[]): string {
  return `WEBVTT\n\n${cues.map((cue) => `${vttTime(cue.startSec)} --> ${vttTime(cue.endSec)}\n${cue.text}`).join('\n\n')}\n`;
}

/** The cue showing at `time`, if any. */
export function cueAt(cues: readonly Cue[], time: number): Cue | undefined {
  return cues.find((cue) => time >= cue.startSec && time < cue.endSec);
}

/** Cue text without `<v Speaker>` and other tags, for a plain list. */
export function plainCueText(text: string): { speaker?: string; text: string } {
  const speaker = /^<v\s+([^>]+)>/.exec(text)?.[1];
  return { ...(speaker ? { speaker } : {}), text: text.replace(/<[^>]+>/g, '') };
}
