import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Stage } from '../types.js';
import { audioFormatFor } from '../../dubbing/export-args.js';
import type { TranslateDeps, TranslateRequest } from './types.js';
import { resolveWorkPath } from '../work-paths.js';
import { skippableOutput, translateOutput } from './outputs.js';
import { keepsStems } from './project-mode.js';
import { outputBaseName } from './output-names.js';
import { wantedOutputs } from './wanted-outputs.js';
import { readProjectSnapshot } from '../project-snapshot.js';
import { subtitleBurnFor, writeSubtitleFiles } from './export/subtitles.js';
import { encodeProjectAudio, exportAudio, exportVideo } from './export/media.js';
import { inputFormatOf } from './input-format.js';

/**
 * rendering: writes the dubbed SRT, WebVTT and ASS, and the dubbed video (re-encoded only to burn subtitles or
 * retime) and/or audio, into output/.
 */
export function exportStage(deps: TranslateDeps): Stage<TranslateRequest> {
  return {
    name: 'export',
    label: 'Exporting',
    status: 'rendering',
    weight: 3,
    async run(input, ctx) {
      const { request, outputs } = input;
      const prepared = translateOutput(outputs, 'prepare-media');
      const mixed = translateOutput(outputs, 'mix');
      const retime = translateOutput(outputs, 'synthesize');
      const wanted = wantedOutputs(request.export_type, prepared.media.hasVideo);
      const base = outputBaseName(prepared.media.name, request.target_language);
      await mkdir(path.join(ctx.workDir, 'output'), { recursive: true });
      const mixedPath = path.join(ctx.workDir, mixed.audio);
      const share = wanted.video && wanted.audio ? 0.9 : 1;

      const subtitles = await writeSubtitleFiles(input, ctx, base);
      const result = subtitles.files;
      const burn = await subtitleBurnFor(input, ctx, subtitles, {
        videoWanted: wanted.video,
        fontconfigDir: deps.fontconfigDir,
      });

      // An export from a project encodes only the stretches of the mix that changed since its last export.
      const project = await readProjectSnapshot(ctx.workDir);
      // The audio keeps the input's format as its content says (a FLAC named .mp3 exports as FLAC).
      const audioFormat = audioFormatFor(await inputFormatOf(prepared.media, ctx, deps.media), prepared.media.hasVideo);
      let encodedAudioRate: number | undefined;
      if (project && (wanted.video || audioFormat === 'm4a')) {
        const encoded = await encodeProjectAudio(ctx, deps, project, mixedPath);
        result.encodedAudio = encoded.file;
        encodedAudioRate = encoded.sampleRate;
      }
      const audioInput = result.encodedAudio ? path.join(ctx.workDir, result.encodedAudio) : mixedPath;
      const durationSec = mixed.durationSec;

      if (wanted.video) {
        // The picture the erase-subtitles stage left, if it ran.
        const erased = skippableOutput(outputs, 'erase-subtitles');
        result.video = await exportVideo(ctx, deps, {
          media: prepared.media,
          picture: erased?.video ?? prepared.media.path,
          retimeFilters: retime.videoFilters ?? [],
          burn,
          project,
          audioInput,
          encodedAudioRate,
          durationSec,
          base,
          share,
        });
      }
      if (wanted.audio)
        result.audio = await exportAudio(ctx, deps, {
          format: audioFormat,
          mixedPath,
          audioInput,
          encodedAudioRate,
          durationSec,
          base,
          share,
        });
      // The separated background is in the mix now; the stem is as large as the input's audio (GBs for a film).
      const separated = skippableOutput(outputs, 'separate');
      if (separated && !(await keepsStems(request, ctx.workDir)))
        await rm(resolveWorkPath(ctx.workDir, separated.background), { force: true });
      // The erased picture stays until the task is deleted: a resumed export (a crash before its output was saved) reads it again.
      return result;
    },
  };
}
