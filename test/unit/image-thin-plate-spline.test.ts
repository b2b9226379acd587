import { describe, expect, it } from 'vitest';
import { fitThinPlateSpline } from '../../src/main/media/image/thin-plate-spline.js';

describe('thin-plate spline', () => {
  const sites = [
    { x: 0, y: 0 },
    { x: 100, y: 0 },
    { x: 100, y: 80 },
    { x: 0, y: 80 },
    { x: 50, y: 40 },
    { x: 30, y: 60 },
  ];

  it('takes the given values at the sites', () => {
    const values = sites.map((_, i) => ({ x: i === 4 ? 6 : 0, y: i === 5 ? -3 : 0 }));
    const spline = fitThinPlateSpline(sites, values);
    const out = new Float64Array(2);
    sites.forEach((site, i) => {
      spline.evaluate(site.x, site.y, out);
      expect(out[0]).toBeCloseTo(values[i].x, 6);
      expect(out[1]).toBeCloseTo(values[i].y, 6);
    });
    // Between a moved site and fixed ones the field is in between, not wild.
    spline.evaluate(75, 40, out);
    expect(out[0]).toBeGreaterThan(0);
    expect(out[0]).toBeLessThan(6);
  });

  it('reproduces an affine motion everywhere', () => {
    const affine = (p: { x: number; y: number }) => ({ x: 2 + 0.1 * p.x, y: -1 + 0.05 * p.y - 0.02 * p.x });
    const spline = fitThinPlateSpline(sites, sites.map(affine));
    const out = new Float64Array(2);
    spline.evaluate(77, 13, out);
    expect(out[0]).toBeCloseTo(affine({ x: 77, y: 13 }).x, 6);
    expect(out[1]).toBeCloseTo(affine({ x: 77, y: 13 }).y, 6);
  });

  it('refuses sites that all lie on one line', () => {
    const line = [0, 1, 2, 3].map((k) => ({ x: k, y: 2 * k }));
    expect(() =>
      fitThinPlateSpline(
        line,
        line.map(() => ({ x: 1, y: 1 })),
      ),
    ).toThrow(/degenerate/);
  });
});
