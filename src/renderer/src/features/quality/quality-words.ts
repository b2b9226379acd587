// Pure: a finished job's quality report in a user's words (the numbers as sentences, each review reason as a label).
import type { QualityReport, ReviewReason, TaskSummary } from '../../api/client.js';

/** One label per reason (docs/api.md "Quality report" says what each measures). */
export const REASON_LABELS: Record<ReviewReason, string> = {
  low_confidence: 'Speech unclear',
  too_fast: 'Spoken too fast',
  shifted: 'Timing moved',
  glossary_missed: 'Glossary term missed',
  not_translated: 'Not translated',
  text_remains: 'Old text still visible',
  low_ocr_confidence: 'Text hard to read',
  no_face: 'No face found',
  weak_sync: 'Mouth out of sync',
  speaker_uncertain: 'Speaker unsure',
};

/** How well the mouth follows the audio, from the correlation of its opening with the audio's loudness. */
export function syncVerdict(score: number): 'good' | 'fair' | 'weak' {
  if (score >= 0.6) return 'good';
  if (score >= 0.3) return 'fair';
  return 'weak';
}

const percent = (share: number) => `${Math.round(share * 100)} %`;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The report's numbers as sentences, in the order a user reads a result: words, voice, picture. */
export function qualityFacts(report: QualityReport): string[] {
  const facts: string[] = [];
  if (report.recognition_confidence !== undefined) {
    facts.push(
      report.recognition_confidence === null
        ? 'Lines taken from subtitles or the screen, not recognised from speech'
        : `Speech recognised with ${percent(report.recognition_confidence)} confidence`,
    );
  }
  if (typeof report.max_speed === 'number')
    facts.push(`Fastest line spoken ${report.max_speed.toFixed(2)}x normal speed`);
  if (typeof report.original_voice_reduction_db === 'number') {
    const db = Math.round(report.original_voice_reduction_db);
    facts.push(db >= 0 ? `Original voice ${db} dB quieter` : `Original voice ${-db} dB louder`);
  }
  if (report.speakers !== undefined && report.speakers > 0)
    facts.push(`Dubbed with ${plural(report.speakers, 'voice', 'voices')}`);
  if (report.texts !== undefined) {
    const parts = [plural(report.texts, 'text found', 'texts found')];
    if (report.texts_unchanged !== undefined)
      parts.push(
        `${report.texts_unchanged} left as ${report.texts_unchanged === 1 ? 'it was' : 'they were'} (numbers or names)`,
      );
    if (report.residual_text !== undefined) parts.push(`${percent(report.residual_text)} still readable after erasing`);
    facts.push(parts.join(', '));
  }
  if (report.sync_score !== undefined) {
    facts.push(
      report.sync_score === null
        ? 'Mouth sync not measured: no face was seen'
        : `Mouth follows the audio: ${syncVerdict(report.sync_score)} (${report.sync_score.toFixed(2)})`,
    );
  }
  if (report.face_coverage !== undefined) facts.push(`Face found in ${percent(report.face_coverage)} of frames`);
  if (typeof report.bank_coverage === 'number')
    facts.push(`${percent(report.bank_coverage)} of mouths from the person's own`);
  return facts;
}

/** Places to look at in a finished task, counting those beyond the listed ones; 0 for any other task. */
export function reviewCount(task: Pick<TaskSummary, 'status' | 'quality'>): number {
  if (task.status !== 'done' || !task.quality) return 0;
  return task.quality.review.length + (task.quality.review_omitted ?? 0);
}
