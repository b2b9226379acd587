import path from 'node:path';
import type { JobStatus } from '../../shared/jobs.js';
import type { AddressPolicy } from '../files/address-policy.js';
import type { FileStore } from '../files/file-store.js';
import { linkOrCopyFile } from '../files/local-copy.js';
import { fetchToFile } from '../files/remote-fetch.js';
import type { MediaTools } from '../media/ffmpeg-paths.js';
import { classifyInput, inspectFile, inspectIfLocal, type InspectedInput } from '../requests/input-checks.js';
import type { Inspected, IntakeChecks, SpecEnvironment } from '../requests/intake-checks.js';
import type { StagedInput } from './staged-inputs.js';
import type { Stage } from './types.js';

export interface FetchInputsDeps extends SpecEnvironment {
  files: Pick<FileStore, 'get' | 'localPath'>;
  media: MediaTools;
  /**
   * Local inputs (uploads, file:// paths) are copied into the work dir too (hard-linked where the disk allows), so the
   * folder holds everything its job reads: with shared storage it is resumed on whichever machine claims the job.
   */
  copyLocalInputs?: boolean;
  baseUrl(): string;
  /** Recognises a file URL this installation signed, whatever its address (files/input-url.ts). */
  ownsFileUrl?(fileId: string, token: string | null): boolean;
  maxInputBytes: number;
  /** Which addresses remote inputs may be fetched from; link-local and unspecified never. */
  addressPolicy?: AddressPolicy;
}

/** Where a remote input is downloaded (or a local one copied): the field name keeps two inputs apart, the extension helps ffmpeg. */
function downloadPath(workDir: string, field: string, name: string): string {
  return path.join(workDir, 'inputs', `${field}${path.extname(name).toLowerCase().slice(0, 6)}`);
}

/** What later stages read of an inspected input: where it is, its name, its format by content and its probe. */
function stagedFacts(input: InspectedInput): StagedInput {
  return { path: input.path, name: input.name, format: input.type.ext, info: input.info };
}

/**
 * The first stage of every job: downloads remote inputs (resuming a partial download after a crash)
 * and runs the same checks the create call ran on local inputs, so a remote input fails the job with
 * the code a local one would have got at once.
 */
export function fetchInputsStage<Request = Record<string, unknown>>(
  intake: IntakeChecks<Request>,
  status: JobStatus,
  deps: FetchInputsDeps,
): Stage<Request> {
  return {
    name: 'fetch-inputs',
    label: 'Fetching inputs',
    status,
    weight: 0.5,
    async run({ request }, ctx) {
      const fields = request as Record<string, unknown>;
      const env = { ...deps, baseUrl: deps.baseUrl(), signal: ctx.signal };
      const rules = intake.inputRules(request);
      const inspected: Inspected = {};
      const staged: Record<string, StagedInput> = {};
      for (const [index, rule] of rules.entries()) {
        const input = await classifyInput(String(fields[rule.field]), rule, env);
        let result: InspectedInput | undefined;
        if (input.where.kind === 'remote') {
          ctx.log(`downloading ${rule.field} from ${new URL(input.where.url).host}`);
          const fetched = await fetchToFile(input.where.url, downloadPath(ctx.workDir, rule.field, input.name), {
            signal: ctx.signal,
            maxBytes: deps.maxInputBytes,
            connectGuard: { policy: deps.addressPolicy },
            onProgress: ({ bytes, totalBytes }) =>
              ctx.progress((index + (totalBytes ? bytes / totalBytes : 0)) / rules.length),
          });
          result = await inspectFile(fetched.path, fetched.fileName ?? input.name, rule, env);
          staged[rule.field] = { ...stagedFacts(result), path: path.relative(ctx.workDir, fetched.path) };
        } else {
          result = await inspectIfLocal(input, env);
          if (result && deps.copyLocalInputs) {
            // Named relative to the work dir, like a download: no path of this machine ends up in the output.
            const copy = downloadPath(ctx.workDir, rule.field, result.name);
            await linkOrCopyFile(result.path, copy);
            result = { ...result, path: copy };
            staged[rule.field] = { ...stagedFacts(result), path: path.relative(ctx.workDir, copy) };
          } else if (result) {
            staged[rule.field] = stagedFacts(result);
          }
        }
        inspected[rule.field] = result;
        ctx.progress((index + 1) / rules.length);
      }
      await intake.checkInputs(request, inspected);
      return { inputs: staged };
    },
  };
}
