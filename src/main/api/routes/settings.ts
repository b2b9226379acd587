// /v1/settings: what the Settings page shows of the running service (read-only).
import { Type } from 'typebox';
import type { DubDeskConfig } from '../../config.js';
import type { MediaTools } from '../../media/ffmpeg-paths.js';
import type { App } from '../app-types.js';

export interface SettingsRoutesOptions {
  version: string;
  /** Read per request: the port is known only after listen. */
  baseUrl: () => string;
  dataDir: string;
  webhookSecret: string;
  config: Pick<DubDeskConfig, 'concurrency' | 'loudnessLufs' | 'maxStretch'>;
  media: Pick<MediaTools, 'ffmpeg' | 'ffprobe'>;
}

export async function settingsRoutes(app: App, options: SettingsRoutesOptions): Promise<void> {
  app.get('/v1/settings', {
    schema: { response: { 200: Type.Object({
      version: Type.String(), base_url: Type.String(), openapi_url: Type.String(), data_dir: Type.String(), webhook_secret: Type.String(),
      concurrency: Type.Integer(), ffmpeg_path: Type.String(), ffprobe_path: Type.String(), loudness_lufs: Type.Number(), max_stretch: Type.Number(),
    }) } },
    config: { summary: "The service's settings, for the Settings page", role: 'admin' },
  }, async () => ({
    version: options.version,
    base_url: options.baseUrl(),
    openapi_url: `${options.baseUrl()}/v1/openapi.json`,
    data_dir: options.dataDir,
    webhook_secret: options.webhookSecret,
    concurrency: options.config.concurrency,
    ffmpeg_path: options.media.ffmpeg,
    ffprobe_path: options.media.ffprobe,
    loudness_lufs: options.config.loudnessLufs,
    max_stretch: options.config.maxStretch,
  }));
}
