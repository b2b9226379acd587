import { describe, expect, it } from 'vitest';
import { canTransition, cloudStatus, initialStatus, KIND_STATUSES } from '../../src/shared/jobs.js';

describe('the transitions table', () => {
  it('starts each kind in its cloud initial state', () => {
    expect(initialStatus('lipsync')).toBe('pending');
    expect(initialStatus('reusable_lipsync')).toBe('pending');
    expect(initialStatus('translate')).toBe('queuing');
    expect(initialStatus('frame_translate')).toBe('queuing');
  });

  it('moves translate jobs forward through every stage and never back', () => {
    const order = ['queuing', 'preprocessing', 'transcribing', 'translating', 'dubbing', 'rendering'];
    for (let i = 0; i < order.length; i++) {
      for (let j = 0; j < order.length; j++) {
        expect(canTransition('translate', order[i]!, order[j]!)).toBe(j >= i);
      }
    }
  });

  it('lets any working state end, and nothing leave a final state', () => {
    for (const kind of Object.keys(KIND_STATUSES) as Array<keyof typeof KIND_STATUSES>) {
      const working = KIND_STATUSES[kind].filter((status) => !['done', 'failed', 'cancelled'].includes(status));
      for (const from of working)
        for (const to of ['done', 'failed', 'cancelled']) expect(canTransition(kind, from, to)).toBe(true);
      for (const from of ['done', 'failed', 'cancelled'])
        for (const to of KIND_STATUSES[kind]) expect(canTransition(kind, from, to)).toBe(false);
    }
  });

  it('refuses statuses of another kind', () => {
    expect(canTransition('lipsync', 'pending', 'transcribing')).toBe(false);
    expect(canTransition('translate', 'queuing', 'processing')).toBe(false);
  });

  it('reports cancelled as failed on the cloud-shaped routes', () => {
    expect(cloudStatus('cancelled')).toBe('failed');
    expect(cloudStatus('dubbing')).toBe('dubbing');
  });
});
