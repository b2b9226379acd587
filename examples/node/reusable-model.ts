// A reusable lip-sync model: lip-sync VIDEO to AUDIO once with precision_v1, keep the prepared face as a model,
// then make a new video of the same face from NEW_AUDIO alone (no face search the second time).
// usage: npx tsx reusable-model.ts VIDEO AUDIO NEW_AUDIO [OUT_DIR]
import path from 'node:path';
import { args, download, dubdesk, ok, run, upload, waitFor } from './lib.js';

const [video, audio, newAudio, out = '.'] = args('reusable-model.ts VIDEO AUDIO NEW_AUDIO [OUT_DIR]', 3);

run(async () => {
  const first = await ok(
    dubdesk.POST('/v1/video_generation', {
      body: {
        reference_file_url: await upload(video),
        audio_url: await upload(audio),
        reference_file_type: 'video',
        model: 'precision_v1',
      },
    }),
  );
  console.error(`task ${first.task_id}`);
  const made = await waitFor(() =>
    ok(dubdesk.GET('/v1/video_generation/{task_id}', { params: { path: { task_id: first.task_id } } })),
  );
  await download(made.video_url!, path.join(out, `lipsync-${first.task_id}.mp4`));

  const { model_id } = await ok(dubdesk.POST('/v1/reusable_lipsync_models', { body: { task_id: first.task_id } }));
  console.error(`reusable model ${model_id}`);

  const { task_id } = await ok(
    dubdesk.POST('/v1/reusable_lipsync_model_video_generation', {
      body: { model_id, audio_url: await upload(newAudio) },
    }),
  );
  console.error(`task ${task_id}`);
  const reused = await waitFor(() =>
    ok(dubdesk.GET('/v1/reusable_lipsync_model_video_generation/{task_id}', { params: { path: { task_id } } })),
  );
  await download(reused.video_url!, path.join(out, `reused-${task_id}.mp4`));
});
