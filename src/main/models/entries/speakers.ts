// Speaker diarization (sherpa-onnx OfflineSpeakerDiarization): a pyannote segmentation model finds who speaks when
// within 10-second windows, and a speaker-embedding model tells the voices apart across windows. Both are needed.
import type { CatalogueEntry } from '../catalogue.js';

const RELEASES = 'https://github.com/k2-fsa/sherpa-onnx/releases/download';
const USED_BY = 'Telling speakers apart (translate-and-dub), with the other speaker model';

export const PYANNOTE_SEGMENTATION_MODEL = 'pyannote-segmentation-3-0';
export const SPEAKER_EMBEDDING_MODEL = '3dspeaker-eres2net-base';
export const PYANNOTE_SEGMENTATION_FILE = 'model.onnx';
export const SPEAKER_EMBEDDING_FILE = '3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k.onnx';

export const SPEAKER_MODELS: readonly CatalogueEntry[] = [
  {
    id: PYANNOTE_SEGMENTATION_MODEL,
    task: 'diarization',
    title: 'pyannote segmentation 3.0',
    description:
      'Finds where each voice speaks, overlaps included, so every speaker of a dub gets a voice ' +
      'of their own (needs the speaker-embedding model too).',
    license: 'MIT',
    sizeBytes: 6_600_000,
    homepage: 'https://huggingface.co/pyannote/segmentation-3.0',
    usedBy: USED_BY,
    // The archive also holds an int8 copy and a sample; only the float model is kept.
    archive: {
      url: `${RELEASES}/speaker-segmentation-models/sherpa-onnx-pyannote-segmentation-3-0.tar.bz2`,
      format: 'tar.bz2',
    },
    files: [
      {
        name: PYANNOTE_SEGMENTATION_FILE,
        signature: {
          inputs: [{ name: 'x', type: 'float32', rank: 3, dims: [null, 1, null] }],
          outputs: [{ name: 'y', type: 'float32', rank: 3 }],
        },
      },
    ],
  },
  {
    id: SPEAKER_EMBEDDING_MODEL,
    task: 'diarization',
    title: '3D-Speaker ERes2Net base speaker embeddings',
    description:
      'Tells voices apart by a fingerprint of each one, for speaker diarization with the ' +
      'pyannote segmentation model (16 kHz, trained on 3D-Speaker).',
    license: 'Apache-2.0',
    sizeBytes: 37_800_000,
    homepage: 'https://github.com/modelscope/3D-Speaker',
    usedBy: USED_BY,
    files: [
      {
        name: SPEAKER_EMBEDDING_FILE,
        url: `${RELEASES}/speaker-recongition-models/${SPEAKER_EMBEDDING_FILE}`,
        signature: {
          // 80 fbank features per frame in, one embedding per utterance out.
          inputs: [{ name: 'x', type: 'float32', rank: 3, dims: [null, null, 80] }],
          outputs: [{ name: 'embedding', type: 'float32', rank: 2 }],
        },
      },
    ],
  },
];
