// A Wav2Lip-class generator as a lip-sync engine: the tracked face cropped to 96x96 and its lower half redrawn by the
// model to the sound around each frame. precision_v1 whenever such a model is installed.
import { DubDeskError } from '../../../../shared/errors.js';
import { isExemplarManifest, readReusableManifest } from '../reusable-data.js';
import { engineRow } from '../../capability-table.js';
import type { LipsyncEngine } from '../types.js';
import { WAV2LIP_MODEL } from './generator.js';
import { describeRenderStats, renderPrecision } from './render.js';

export const wav2lipEngine: LipsyncEngine = {
  id: 'wav2lip',
  title: engineRow('lip-sync', 'wav2lip').title,
  quality: 'standard',
  inWords: 'a lip-sync model',
  supports: { models: ['precision_v1'], media: ['picture', 'video'] },
  needs: { models: [WAV2LIP_MODEL] },
  uses: ['face-crops'],
  async render(job, deps, ctx) {
    const dir = job.prepared.reusableFolder();
    const manifest = await readReusableManifest(dir);
    if (isExemplarManifest(manifest))
      throw new DubDeskError('internal', `The folder ${dir} holds a mouth bank, not face crops.`);
    const stats = await renderPrecision(
      { dir, manifest, output: job.output, video: job.video, audio: job.audio, restoration: job.restoration },
      deps,
      ctx,
    );
    // The stage list names the model that ran (its catalogue title), not the engine family.
    return { engine: stats.engine, summary: describeRenderStats(stats, job.output.fps), details: { stats } };
  },
};
