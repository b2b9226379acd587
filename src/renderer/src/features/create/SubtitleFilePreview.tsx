import type { StagedFile } from '../../stores/staging.js';
import { SubtitleCueList } from '../preview/SubtitlePanel.js';

/** Cues shown before the upload: enough to see the file reads right, not the whole file. */
export const PREVIEW_CUES = 5;

/** A chosen SRT's first cues and its encoding, read in the browser from the dropped bytes; parse errors go to the field itself. */
export function SubtitleFilePreview({ file }: { file: StagedFile }) {
  const preview = file.subtitlePreview;
  if (!preview) return null;
  const total = preview.cues.length;
  return (
    <section className="subtitle-file-preview" aria-label={`Preview of ${file.name}`}>
      <SubtitleCueList preview={{ ...preview, cues: preview.cues.slice(0, PREVIEW_CUES) }} />
      <p className="hint">
        {total === 1 ? '1 cue in all' : `${total} cues in all`}
        {total > PREVIEW_CUES ? `; the first ${PREVIEW_CUES} are shown.` : '.'}
      </p>
    </section>
  );
}
