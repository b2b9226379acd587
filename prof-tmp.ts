import { applyMouthShape } from './src/main/pipelines/lipsync/mouth-warp.js';
import { makeSyntheticFace } from './test/fixtures/synthetic-mouth.js';
const face = makeSyntheticFace({ width: 320, height: 240, mouthWidth: 88, opening: 10 });
const base = Uint8Array.from(face.image.data);
for (const opening of [0, 0.4, 0.9]) {
  const ref = { ...face.image, data: Uint8Array.from(base) };
  applyMouthShape(ref, face.mouth, { opening, width: 0.1, rounding: 0.3 }, { gridStep: 1 });
  for (const gridStep of [4, 5, 6, 8]) {
    const out = { ...face.image, data: Uint8Array.from(base) };
    applyMouthShape(out, face.mouth, { opening, width: 0.1, rounding: 0.3 }, { gridStep });
    let max = 0, big = 0, over4 = 0;
    for (let i = 0; i < out.data.length; i++) { const d = Math.abs(out.data[i] - ref.data[i]); if (d > max) max = d; if (d > 20) big++; if (d > 4) over4++; }
    console.log(`opening ${opening} step ${gridStep}: max ${max}, >4: ${over4}, >20: ${big}`);
  }
}
const big = makeSyntheticFace({ width: 1280, height: 720, mouthWidth: 88, mouthY: 430, opening: 6 });
const frame = { ...big.image, data: Uint8Array.from(big.image.data) };
for (const [gridStep, anchorsPerSide] of [[4, 6], [5, 5], [6, 4], [4, 6], [5, 5], [6, 4]]) {
  const t0 = performance.now();
  for (let k = 0; k < 1000; k++) applyMouthShape(frame, big.mouth, { opening: 0.5 + 0.5 * Math.sin(k * 0.37), width: 0.15 * Math.sin(k * 0.11), rounding: 0.5 + 0.5 * Math.cos(k * 0.23) }, { gridStep, anchorsPerSide });
  console.log(gridStep, anchorsPerSide, (performance.now() - t0).toFixed(0), 'ms');
}
