// Visual translate: the on-screen text of VIDEO, in SOURCE, is erased and drawn again in TARGET.
// usage: npx tsx visual-translate.ts VIDEO SOURCE TARGET [OUT_DIR]
import path from 'node:path';
import { args, download, dubdesk, ok, run, upload, waitFor } from './lib.js';

const [video, source, target, out = '.'] = args('visual-translate.ts VIDEO SOURCE TARGET [OUT_DIR]', 3);

run(async () => {
  const { task_id } = await ok(
    dubdesk.POST('/v1/media/frame_translate', {
      body: { video_url: await upload(video), source_language: source, target_language: target },
    }),
  );
  console.error(`task ${task_id}`);
  const record = await waitFor(() =>
    ok(dubdesk.GET('/v1/media/frame_translate/{task_id}', { params: { path: { task_id } } })),
  );
  await download(record.result!.video_url!, path.join(out, `translated-${task_id}.mp4`));
});
