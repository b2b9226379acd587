// The two ways a pipeline meets an editable project. A job that makes one ends with a `make-project` stage whose output
// is a ProjectDraft (the queue stores it as the project). A task exported from a project finds the project's lines
// in its work dir (`inputs/project.json`, written before the task exists, like the resources snapshot), and its
// stages take the lines from there instead of from the stages that made them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { StageOutput } from './types.js';

export const PROJECT_STAGE = 'make-project';

/** A box in fractions of the frame (as ocr_text_box). */
export interface DraftBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DraftSegment {
  startMs: number;
  endMs: number;
  sourceText: string;
  targetText: string;
  /** translate: who speaks it. */
  speaker?: string;
  /** translate: the voice chosen for this line alone (none: the speaker's). */
  voiceId?: string;
  /** frame_translate: where the text is drawn, and which found block's lines it erases. */
  box?: DraftBox;
  blockId?: number;
}

/** What the make-project stage saves: the project as the job made it. */
export interface ProjectDraft extends StageOutput {
  kind: 'translate' | 'frame_translate';
  sourceLanguage: string;
  targetLanguage: string;
  /** Input media duration, ms. */
  mediaDurationMs: number;
  /**
   * The input media the editor plays beside the lines (relative to the work dir, or absolute for a local input, as
   * stage outputs hold paths).
   */
  media: string;
  /** A 16 kHz mono WAV of the input's audio for the editor's waveform, when the job made one (same path rules). */
  waveformAudio?: string;
  /** translate: the voice each speaker was given, when the job made a dub (proofreading jobs leave it to the export). */
  speakerVoices: Record<string, { voiceId: string; pitchSemitones: number }>;
  segments: DraftSegment[];
}

/** One line as an export reads it (index from 1, in time order). */
export interface SnapshotLine extends DraftSegment {
  index: number;
  /** Changed since the project was made, so nothing saved for it may be reused. */
  edited: boolean;
}

/** `inputs/project.json` of a task exported from a project. */
export interface ProjectSnapshot {
  projectId: string;
  /** Absolute folder where this project's synthesized lines are kept by content (reused across exports). */
  clipCache: string;
  /** Absolute folder of the project's last export's encoded audio chunks (reused where the mix did not change). */
  encodedAudioCache: string;
  /** Absolute folder of the project's last export's encoded picture chunks (subtitles burned in). */
  encodedVideoCache: string;
  /** The outputs the stages that run again saved in the project's last run (the mix keeps its loudness gain). */
  previousOutputs: Record<string, StageOutput>;
  speakerVoices: Record<string, { voiceId: string; pitchSemitones: number }>;
  lines: SnapshotLine[];
}

export const PROJECT_SNAPSHOT_FILE = path.join('inputs', 'project.json');

/** The project lines of a task exported from a project; undefined for any other task. */
export async function readProjectSnapshot(workDir: string): Promise<ProjectSnapshot | undefined> {
  try {
    return JSON.parse(await readFile(path.join(workDir, PROJECT_SNAPSHOT_FILE), 'utf8')) as ProjectSnapshot;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
