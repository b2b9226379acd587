// The lip-sync plan: the engine that draws the mouths, chosen once at create from the model, the reference and the
// installed models, with the lip-sync model named so a retry after its removal fails naming it.
import { describe, expect, it } from 'vitest';
import { engineRow } from '../../src/main/engines/capability-table.js';
import { planLipsyncEngines } from '../../src/main/plans/lipsync-plan.js';
import type { LipsyncRequest } from '../../src/shared/schemas/jobs.js';

const engines = (generator: boolean, restorer = false) => ({
  lipsyncGeneratorInstalled: () => generator,
  lipsyncModelTitle: () => 'Wav2Lip GAN 96 (ONNX)',
  faceRestorerTitle: () => (restorer ? 'GFPGAN v1.4 face restoration (ONNX)' : undefined),
});
const request = (model: LipsyncRequest['model'], type: 'video' | 'image') =>
  ({
    model,
    reference_file_type: type,
    reference_file_url: 'file:///x',
    audio_url: 'file:///a',
  }) as unknown as LipsyncRequest;

describe('planLipsyncEngines', () => {
  it('standard_v1 draws with the mouth warp, whatever is installed', () => {
    const steps = planLipsyncEngines(request('standard_v1', 'video'), engines(true, true));
    expect(steps.map((step) => [step.step, step.engine?.id])).toEqual([['render', 'mouth-warp']]);
  });

  it('precision_v1 without a lip-sync model: the exemplar engine on a video, the mouth warp on a picture', () => {
    expect(planLipsyncEngines(request('precision_v1', 'video'), engines(false))[0]!.engine?.id).toBe('exemplar');
    const picture = planLipsyncEngines(request('precision_v1', 'image'), engines(false))[0]!;
    expect(picture.engine?.id).toBe('mouth-warp');
    expect(picture.note).toMatch(/a picture has only one mouth/);
  });

  it('precision_v1 with Wav2Lip names its model, and the face restoration it will or will not run', () => {
    const [render, restore] = planLipsyncEngines(request('precision_v1', 'video'), engines(true, false));
    expect(render!.engine).toMatchObject({ id: 'wav2lip', title: 'Wav2Lip GAN 96 (ONNX)', models: ['wav2lip-gan-96'] });
    expect(restore!.skipped).toMatch(/no face restoration model installed/);
    const restored = planLipsyncEngines(request('precision_v1', 'video'), engines(true, true))[1]!;
    expect(restored.engine).toMatchObject({
      id: 'gfpgan',
      title: 'GFPGAN v1.4 face restoration (ONNX)',
      models: ['gfpgan-1.4'],
    });
  });

  it('the built-in engines are titled as the capability table names them', () => {
    const [warp] = planLipsyncEngines(request('standard_v1', 'video'), engines(false));
    const [exemplar] = planLipsyncEngines(request('precision_v1', 'video'), engines(false));
    expect(warp!.engine?.title).toBe(engineRow('lip-sync', 'mouth-warp').title);
    expect(exemplar!.engine?.title).toBe(engineRow('lip-sync', 'exemplar').title);
  });
});
