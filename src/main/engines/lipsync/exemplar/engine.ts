// The exemplar engine as a lip-sync engine: the person's own mouths, collected from the reference video into the
// job's mouth bank, pasted where the audio asks for their shape. precision_v1 on a video without a lip-sync model.
import { DubDeskError } from '../../../../shared/errors.js';
import { isExemplarManifest, readReusableManifest } from '../reusable-data.js';
import { engineRow } from '../../capability-table.js';
import type { LipsyncEngine } from '../types.js';
import { describeExemplarStats, renderExemplar } from './render.js';

export const exemplarEngine: LipsyncEngine = {
  id: 'exemplar',
  title: engineRow('lip-sync', 'exemplar').title,
  // Not a draft to proofread: the quality report's sync score says how well it matched.
  quality: 'standard',
  inWords: 'the exemplar engine',
  supports: { models: ['precision_v1'], media: ['video'] },
  needs: { builtIn: "the person's own mouths from the video" },
  uses: ['mouth-targets', 'mouth-bank'],
  async render(job, deps, ctx) {
    const shapeAt = await job.prepared.mouthTargets();
    const dir = job.prepared.reusableFolder();
    const manifest = await readReusableManifest(dir);
    if (!isExemplarManifest(manifest))
      throw new DubDeskError('internal', `The folder ${dir} holds face crops, not a mouth bank.`);
    const stats = await renderExemplar(
      {
        dir,
        manifest,
        targets: Array.from({ length: job.output.frameCount }, (_, i) => shapeAt(i)),
        audio: job.audio.path,
        fps: job.output.fps,
        model: job.model,
        video: job.video,
      },
      deps,
      ctx,
    );
    return {
      engine: exemplarEngine.title,
      summary: describeExemplarStats(stats, job.output.fps),
      details: { bankCoverage: stats.bankCoverage },
    };
  },
};
