// The lip-sync and face engines of a core: the Wav2Lip-class generator and the face restorer (each made per job from
// its installed model, the restorer as the job's plan names it) and the built-in face detector (one lease, loaded on
// first use).
import { DubDeskError, toDubDeskError } from '../../shared/errors.js';
import type { CatalogueEntry } from '../models/catalogue.js';
import type { CapabilityId } from './capability-table.js';
import { leaseFaceDetector, type FaceDetectorLease } from './face/detector-lease.js';
import type { FaceDetector } from './face/types.js';
import { createGfpganRestorer, GFPGAN_MODEL, GFPGAN_MODEL_FILE } from './face-restore/gfpgan.js';
import type { FaceRestorer } from './face-restore/types.js';
import type { LipsyncGenerator } from './lipsync/types.js';
import { createWav2LipGenerator, WAV2LIP_MODEL, WAV2LIP_MODEL_FILE } from './lipsync/wav2lip/generator.js';
import type { EngineModels } from './registry.js';
import { takePlannedEngine } from './planned-engine.js';
import type { PlannedEngineBody } from '../../shared/schemas/job-plan.js';

type Missing = (capability: CapabilityId, work: string, entry: CatalogueEntry | undefined) => DubDeskError;

export function createFaceEngines(
  models: EngineModels,
  missing: Missing,
  modelFor: (capability: CapabilityId) => CatalogueEntry | undefined,
) {
  let faceLease: FaceDetectorLease | undefined;
  const missingLipsyncModel = () =>
    missing('lip-sync', 'Lip-syncing with precision_v1', models.catalogue.find(WAV2LIP_MODEL) ?? modelFor('lip-sync'));
  return {
    /** Whether a Wav2Lip-class generator is installed: precision_v1 then draws with it instead of its built-in engines. */
    lipsyncGeneratorInstalled(): boolean {
      return models.isInstalled(WAV2LIP_MODEL);
    },

    /** A generator of its own for one render (its buffers are per job); throws model_not_installed without one. */
    async requireLipsyncModel(): Promise<LipsyncGenerator> {
      if (!models.isInstalled(WAV2LIP_MODEL)) throw missingLipsyncModel();
      const { title } = models.requireInstalled(WAV2LIP_MODEL).entry;
      return createWav2LipGenerator(await models.openSession(WAV2LIP_MODEL, WAV2LIP_MODEL_FILE), title);
    },

    /** The installed lip-sync model's catalogue title (the plan names Wav2Lip by it); model_not_installed without one. */
    lipsyncModelTitle(): string {
      if (!models.isInstalled(WAV2LIP_MODEL)) throw missingLipsyncModel();
      return models.requireInstalled(WAV2LIP_MODEL).entry.title;
    },

    /** The face restoration model's catalogue title while it is installed (the lip-sync plan names it), else undefined. */
    faceRestorerTitle(): string | undefined {
      return models.isInstalled(GFPGAN_MODEL) ? models.requireInstalled(GFPGAN_MODEL).entry.title : undefined;
    },

    /**
     * The face restorer a job's plan names, by id: model_not_installed naming the model when it was removed since the
     * plan was made; a file that fails to load is engine_failed, saying to reinstall it.
     */
    async plannedFaceRestorer(engine: PlannedEngineBody, work: string): Promise<FaceRestorer> {
      const gfpgan = { id: 'gfpgan', isAvailable: () => models.isInstalled(GFPGAN_MODEL) };
      takePlannedEngine('face-restoration', [gfpgan], engine, work, models);
      const { title } = models.requireInstalled(GFPGAN_MODEL).entry;
      try {
        return createGfpganRestorer(await models.openSession(GFPGAN_MODEL, GFPGAN_MODEL_FILE), title);
      } catch (error) {
        throw new DubDeskError(
          'engine_failed',
          `${title} could not be used (${toDubDeskError(error).message.replace(/\.\s*$/, '')}). Its file may be ` +
            `damaged: remove the model (\`dubdesk models remove ${GFPGAN_MODEL}\` or the Models page) and install it again.`,
          { cause: error, retryable: false },
        );
      }
    },

    /** The built-in face detector, loaded on first use and freed by dispose(). */
    faceDetector(): Promise<FaceDetector> {
      faceLease ??= leaseFaceDetector();
      return faceLease.detector();
    },

    /** Frees the face detector's lease (the core's dispose). */
    async releaseFaceDetector(): Promise<void> {
      const lease = faceLease;
      faceLease = undefined;
      await lease?.release();
    },
  };
}
