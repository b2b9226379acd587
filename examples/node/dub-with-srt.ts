// Dubbing with an SRT: VIDEO is dubbed into TARGET from SRT, the subtitles of its original speech in SOURCE
// (set SUBTITLE_USAGE=final_translated when the SRT is already the translation). Subtitles are added to the video.
// usage: npx tsx dub-with-srt.ts VIDEO SRT SOURCE TARGET [OUT_DIR]
import path from 'node:path';
import { args, download, dubdesk, ok, run, upload, waitFor } from './lib.js';

const [video, srt, source, target, out = '.'] = args('dub-with-srt.ts VIDEO SRT SOURCE TARGET [OUT_DIR]', 4);

run(async () => {
  const { task_id } = await ok(
    dubdesk.POST('/v1/media/translate', {
      body: {
        media_type: 'video',
        media_url: await upload(video),
        subtitle_url: await upload(srt),
        subtitle_usage_type: process.env.SUBTITLE_USAGE === 'final_translated' ? 'final_translated' : 'original',
        source_language: source,
        target_language: target,
        subtitle_mode: 'add',
        export_type: 'all',
      },
    }),
  );
  console.error(`task ${task_id}`);
  const record = await waitFor(() =>
    ok(dubdesk.GET('/v1/media/translate/{task_id}', { params: { path: { task_id } } })),
  );
  await download(record.result!.video_url!, path.join(out, `dubbed-${task_id}.mp4`));
  await download(record.result!.subtitle_url!, path.join(out, `dubbed-${task_id}.srt`));
});
