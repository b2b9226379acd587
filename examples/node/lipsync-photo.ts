// Lip-sync from a photo: the face in PHOTO speaks AUDIO.
// usage: npx tsx lipsync-photo.ts PHOTO AUDIO [OUT_DIR]
import path from 'node:path';
import { args, download, dubdesk, ok, run, upload, waitFor } from './lib.js';

const [photo, audio, out = '.'] = args('lipsync-photo.ts PHOTO AUDIO [OUT_DIR]', 2);

run(async () => {
  const { task_id } = await ok(
    dubdesk.POST('/v1/video_generation', {
      body: {
        reference_file_url: await upload(photo),
        audio_url: await upload(audio),
        reference_file_type: 'image',
        model: 'standard_v1',
      },
    }),
  );
  console.error(`task ${task_id}`);
  const record = await waitFor(() =>
    ok(dubdesk.GET('/v1/video_generation/{task_id}', { params: { path: { task_id } } })),
  );
  await download(record.video_url!, path.join(out, `lipsync-${task_id}.mp4`));
});
