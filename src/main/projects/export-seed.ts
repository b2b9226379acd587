// The work dir of a task exported from a project starts as the project's last run: every file of it is carried over
// (large files hard-linked, so a film's stems cost no space) except what the stages that run again make, and the
// project's lines are written beside them. The runner then resumes after the last reused stage.
import { copyFile, link, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../files/atomic-write.js';
import { isAtomicTempName } from '../files/atomic-write.js';
import { PROJECT_SNAPSHOT_FILE, PROJECT_STAGE, type ProjectSnapshot } from '../pipelines/project-snapshot.js';
import { stageOutputFile } from '../pipelines/run-stages.js';
import type { Stage, StageOutput } from '../pipelines/types.js';

/** Smaller files are copied: a stage that rewrites one in place must never change the project's last run through a link. */
const LINK_FROM_BYTES = 1024 * 1024;

export interface ExportSeed {
  /** The work dir of the project's last run (its job, or its newest finished export). */
  from: string;
  to: string;
  stages: readonly Stage<any>[];
  /** The stages that run again (Pipeline.projectExport.rerun); make-project never runs in an export. */
  rerun: readonly string[];
  /** The project's lines; the outputs the rerun stages saved in the last run are added to it. */
  snapshot: Omit<ProjectSnapshot, 'previousOutputs'>;
}

/** Every string in a stage output that names a file inside the work dir (stage outputs hold paths relative to it). */
function namedFiles(value: unknown, workDir: string, into: Set<string>): void {
  if (typeof value === 'string') {
    const file = path.resolve(workDir, value);
    if (file.startsWith(workDir + path.sep)) into.add(file);
  } else if (Array.isArray(value)) {
    for (const item of value) namedFiles(item, workDir, into);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) namedFiles(item, workDir, into);
  }
}

/** The files of the stages that run again (their saved outputs, and the files those outputs name), and those outputs. */
async function rerunStagesOfLastRun(
  seed: ExportSeed,
): Promise<{ skipped: Set<string>; outputs: Record<string, StageOutput> }> {
  const skipped = new Set<string>([path.join(seed.from, 'output'), path.join(seed.from, PROJECT_SNAPSHOT_FILE)]);
  const outputs: Record<string, StageOutput> = {};
  for (const [index, stage] of seed.stages.entries()) {
    const file = stageOutputFile(seed.from, index, stage);
    // The draft names the job's input and analysis audio, which the export reads: only its own output is left behind.
    if (stage.name === PROJECT_STAGE) skipped.add(file);
    if (!seed.rerun.includes(stage.name)) continue;
    skipped.add(file);
    const saved = await readFile(file, 'utf8').catch(() => undefined);
    if (!saved) continue;
    outputs[stage.name] = JSON.parse(saved) as StageOutput;
    namedFiles(outputs[stage.name], seed.from, skipped);
  }
  return { skipped, outputs };
}

async function carryOver(from: string, to: string, skipped: ReadonlySet<string>): Promise<void> {
  const entries = await readdir(from, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  await mkdir(to, { recursive: true });
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    if (skipped.has(source) || isAtomicTempName(entry.name)) continue;
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      await carryOver(source, target, skipped);
    } else if (entry.isFile()) {
      const { size } = await stat(source);
      if (size >= LINK_FROM_BYTES) await link(source, target).catch(() => copyFile(source, target));
      else await copyFile(source, target);
    }
  }
}

/** Prepares an export's work dir (before its task exists). */
export async function seedExportWorkDir(seed: ExportSeed): Promise<void> {
  const last = await rerunStagesOfLastRun(seed);
  await carryOver(seed.from, seed.to, last.skipped);
  const snapshot: ProjectSnapshot = { ...seed.snapshot, previousOutputs: last.outputs };
  await writeFileAtomic(path.join(seed.to, PROJECT_SNAPSHOT_FILE), JSON.stringify(snapshot));
}
