import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { DubDeskError } from '../../../shared/errors.js';
import { extractAudioArgs } from '../../media/ffmpeg-args.js';
import { orientationOf } from '../../media/probe.js';
import { runFfmpeg } from '../../media/run-ffmpeg.js';
import { stagedPath } from '../staged-inputs.js';
import type { Stage } from '../types.js';
import type { TranslateDeps, TranslateRequest, PreparedMedia } from './types.js';
import { translateOutput } from './outputs.js';
import { SPEECH_SAMPLE_RATE } from './speech-rate.js';

/** preprocessing: describes the input and extracts its speech track at 16 kHz for analysis. */
export function prepareMediaStage(deps: TranslateDeps): Stage<TranslateRequest> {
  return {
    name: 'prepare-media',
    label: 'Preparing media',
    status: 'preprocessing',
    weight: 0.5,
    async run({ outputs }, ctx) {
      const inputs = translateOutput(outputs, 'fetch-inputs').inputs;
      const input = inputs.media_url!;
      const info = input.info;
      if (!info) throw new DubDeskError('media_unreadable', `${input.name} could not be read.`);
      const mediaPath = stagedPath(ctx.workDir, input);
      const speechWav = 'audio/speech-16k.wav';
      await mkdir(path.join(ctx.workDir, 'audio'), { recursive: true });
      await runFfmpeg(
        extractAudioArgs({
          input: mediaPath,
          output: path.join(ctx.workDir, speechWav),
          sampleRate: SPEECH_SAMPLE_RATE,
          channels: 1,
        }),
        {
          ffmpeg: deps.media.ffmpeg,
          signal: ctx.signal,
          durationSec: info.durationSec,
          onProgress: (event) => event.fraction !== null && ctx.progress(event.fraction),
        },
      );
      ctx.log(
        `input ${input.name}: ${info.durationSec.toFixed(1)} ` +
          `s${info.video ? `, ${info.video.displayWidth}x${info.video.displayHeight} at ${info.video.fps.toFixed(2)} fps` : ', audio only'}`,
      );
      const prepared: PreparedMedia = {
        media: {
          path: input.path,
          name: input.name,
          format: input.format,
          durationSec: info.durationSec,
          hasVideo: Boolean(info.video) && !info.isStillImage,
          width: info.video?.width,
          height: info.video?.height,
          displayWidth: info.video?.displayWidth,
          displayHeight: info.video?.displayHeight,
          fps: info.video?.fps,
          videoCodec: info.video?.codec,
          audioCodec: info.audio?.codec,
          orientation: orientationOf(info),
        },
        speechWav,
      };
      return prepared;
    },
  };
}
