// Text recognition in video frames (onnxruntime): PaddleOCR's PP-OCRv4 detector and recognizer as RapidOCR publishes them.
import type { CatalogueEntry } from '../catalogue.js';

// RapidOCR's ModelScope mirror, pinned to the release its default_models.yaml names (sha256 from that file).
const RAPIDOCR = 'https://www.modelscope.cn/models/RapidAI/RapidOCR/resolve/v3.9.2';

export const OCR_MODELS: readonly CatalogueEntry[] = [
  {
    id: 'rapidocr-ppocrv4-ch',
    task: 'ocr',
    title: 'RapidOCR PP-OCRv4 mobile, Chinese and English (ONNX)',
    description:
      'Finds and reads on-screen text for visual translate, including stylised captions and ' +
      'Chinese, more robustly than the built-in Tesseract.',
    license: 'Apache-2.0 (PaddleOCR)',
    sizeBytes: 15_600_000,
    homepage: 'https://github.com/RapidAI/RapidOCR',
    usedBy: 'visual translate (reads on-screen text)',
    // Paddle2onnx names the input `x` and each output after its last op (sigmoid_0.tmp_0, softmax_*.tmp_0).
    bindByShape: true,
    files: [
      {
        name: 'ch_PP-OCRv4_det_mobile.onnx',
        url: `${RAPIDOCR}/onnx/PP-OCRv4/det/ch_PP-OCRv4_det_mobile.onnx`,
        sha256: 'd2a7720d45a54257208b1e13e36a8479894cb74155a5efe29462512d42f49da9',
        signature: {
          // DB text detection: BGR normalised to -1..1, sides multiples of 32 -> text probability per pixel.
          inputs: [{ name: 'x', type: 'float32', rank: 4, dims: [null, 3, null, null] }],
          outputs: [{ name: 'map', type: 'float32', rank: 4, dims: [null, 1, null, null] }],
        },
      },
      {
        name: 'ch_PP-OCRv4_rec_mobile.onnx',
        url: `${RAPIDOCR}/onnx/PP-OCRv4/rec/ch_PP-OCRv4_rec_mobile.onnx`,
        sha256: '48fc40f24f6d2a207a2b1091d3437eb3cc3eb6b676dc3ef9c37384005483683b',
        signature: {
          // SVTR-LCNet CTC recognizer: a line 48 px tall -> per step, softmax over blank + 6623 keys + space.
          inputs: [{ name: 'x', type: 'float32', rank: 4, dims: [null, 3, 48, null] }],
          outputs: [{ name: 'probabilities', type: 'float32', rank: 3, dims: [null, null, 6625] }],
        },
      },
      {
        // The recognizer's classes 1..6623, one character a line (PaddleOCR's ppocr_keys_v1.txt).
        name: 'ppocr_keys_v1.txt',
        url: `${RAPIDOCR}/paddle/PP-OCRv4/rec/ch_PP-OCRv4_rec_mobile/ppocr_keys_v1.txt`,
      },
    ],
  },
];
