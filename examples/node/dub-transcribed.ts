// Dubbing without subtitles: DubDesk transcribes VIDEO's speech in SOURCE, translates it into TARGET and dubs it.
// usage: npx tsx dub-transcribed.ts VIDEO SOURCE TARGET [OUT_DIR]
import path from 'node:path';
import { args, download, dubdesk, ok, run, upload, waitFor } from './lib.js';

const [video, source, target, out = '.'] = args('dub-transcribed.ts VIDEO SOURCE TARGET [OUT_DIR]', 3);

run(async () => {
  const { task_id } = await ok(
    dubdesk.POST('/v1/media/translate', {
      body: {
        media_type: 'video',
        media_url: await upload(video),
        source_language: source,
        target_language: target,
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
