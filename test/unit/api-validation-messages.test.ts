import { describe, expect, it } from 'vitest';
import { describeValidation } from '../../src/main/requests/body-validation.js';
import { hostsFor } from '../../src/main/api/security.js';
import { backoffDelayMs, JOB_RETRY_POLICY } from '../../src/main/queue/backoff.js';
import { overallProgress } from '../../src/main/pipelines/run-stages.js';

describe('validation messages name the field', () => {
  it('names an unknown field', () => {
    expect(
      describeValidation(
        [{ keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'modle' } }],
        'body',
      ),
    ).toBe("Unknown field 'modle' in body.");
    expect(
      describeValidation(
        [{ keyword: 'additionalProperties', instancePath: '/ocr_text_box', params: { additionalProperty: 'w' } }],
        'body',
      ),
    ).toBe("Unknown field 'ocr_text_box.w' in body.");
  });

  it('names a missing field, an enum and a pattern', () => {
    expect(
      describeValidation([{ keyword: 'required', instancePath: '', params: { missingProperty: 'model' } }], 'body'),
    ).toMatch(/'model'/);
    expect(
      describeValidation(
        [{ keyword: 'enum', instancePath: '/model', params: { allowedValues: ['standard_v1', 'precision_v1'] } }],
        'body',
      ),
    ).toBe("'model' must be one of: standard_v1, precision_v1.");
    expect(
      describeValidation(
        [{ keyword: 'pattern', instancePath: '/target_language', params: { pattern: '^[a-z]{2}$' } }],
        'body',
      ),
    ).toMatch(/'target_language' does not match/);
  });
});

describe('allowed hosts', () => {
  it('accepts the loopback aliases of a loopback-bound service', () => {
    expect([...hostsFor('127.0.0.1', 7860)].sort()).toEqual(['127.0.0.1:7860', '[::1]:7860', 'localhost:7860']);
  });

  it('accepts only the bound address otherwise', () => {
    expect([...hostsFor('192.168.1.5', 7860)]).toEqual(['192.168.1.5:7860']);
  });
});

describe('job retry backoff', () => {
  it('waits 5-10 s after the first failure and never more than 5 minutes', () => {
    expect(backoffDelayMs(1, JOB_RETRY_POLICY, () => 0)).toBe(5_000);
    expect(backoffDelayMs(1, JOB_RETRY_POLICY, () => 1)).toBe(10_000);
    expect(backoffDelayMs(2, JOB_RETRY_POLICY, () => 0)).toBe(10_000);
    expect(backoffDelayMs(50, JOB_RETRY_POLICY, () => 1)).toBe(300_000);
  });
});

describe('overall progress', () => {
  const stages = [{ weight: 1 }, { weight: 3 }] as never[];
  it('weights stages', () => {
    expect(overallProgress(stages, 0, 1)).toBe(0.25);
    expect(overallProgress(stages, 1, 0.5)).toBe(0.625);
    expect(overallProgress(stages, 1, 1)).toBe(1);
  });
});
