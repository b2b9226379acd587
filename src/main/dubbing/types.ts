// The shapes of a dub that the dubbing room and the translate stages share: a line to speak, where it was spoken,
// and a span whose speaker is uncertain.

/** One line of speech through the pipeline (times in the input media's timeline). */
export interface DubCue {
  index: number;
  startMs: number;
  endMs: number;
  text: string;
  speaker: string;
  /** A voice chosen for this line alone in a project (the speaker's voice otherwise). */
  voiceId?: string;
}

/** One line as the dub track holds it (output timeline). */
export interface SpokenLine {
  index: number;
  /** The line's length at the voice's normal rate, trimmed of silence. */
  normalMs: number;
  placedStartMs: number;
  placedEndMs: number;
}

/** A `speaker_uncertain` review item's place and detail: media seconds, and what was measured, in a user's words. */
export interface UncertainSpeakerSpan {
  start: number;
  end: number;
  detail: string;
}
