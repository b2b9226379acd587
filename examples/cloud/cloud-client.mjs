// A client written for the cloud media localization and lip-sync API, from its reference (routes, fields, statuses)
// alone: it knows nothing of DubDesk. Pointed at DubDesk by its base URL and key, it works unchanged.
//
// It lip-syncs a photo to an audio file, translates the on-screen text of a video, and dubs a talk from its SRT.
// Inputs are URLs the service downloads. Lip-sync and visual translate are polled on their status routes; the
// translate and dub job has no status route in the reference, so it is followed by its callback: this script
// listens on CALLBACK_PORT (default 8788) and gives the service CALLBACK_PUBLIC_URL (default http://127.0.0.1:<port>/,
// which a service on this machine reaches; a cloud service needs a public address, e.g. a tunnel).
//
// usage: CLOUD_BASE_URL=https://... CLOUD_API_KEY=... node cloud-client.mjs PHOTO_URL AUDIO_URL TEXT_VIDEO_URL TALK_VIDEO_URL TALK_SRT_URL [OUT_DIR]
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const baseUrl = process.env.CLOUD_BASE_URL;
const apiKey = process.env.CLOUD_API_KEY;
if (!baseUrl || !apiKey) {
  console.error('Set CLOUD_BASE_URL and CLOUD_API_KEY.');
  process.exit(2);
}
const [photoUrl, audioUrl, textVideoUrl, talkUrl, talkSrtUrl, out = '.'] = process.argv.slice(2);
if (!talkSrtUrl) {
  console.error(
    'usage: node cloud-client.mjs PHOTO_URL AUDIO_URL TEXT_VIDEO_URL TALK_VIDEO_URL TALK_SRT_URL [OUT_DIR]',
  );
  process.exit(2);
}

async function call(method, route, body) {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: { Authorization: `Bearer ${apiKey}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${answer.code}: ${answer.message}`);
  return answer;
}

async function poll(route) {
  for (;;) {
    const record = await call('GET', route);
    console.error(`${route}: ${record.status}`);
    if (record.status === 'done') return record;
    if (record.status === 'failed')
      throw new Error(`${route} failed: ${record.err_code ?? ''} ${record.err_message ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}

async function save(url, name) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`downloading ${name}: HTTP ${response.status}`);
  await mkdir(out, { recursive: true });
  const file = path.resolve(out, name);
  await pipeline(Readable.fromWeb(response.body), createWriteStream(file));
  console.log(file);
}

/** Resolves with the first callback body whose status is final. */
function callbackReceiver() {
  let finished;
  const done = new Promise((resolve) => (finished = resolve));
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      response.writeHead(200).end();
      const record = JSON.parse(body);
      console.error(`callback: ${record.status}`);
      if (record.status === 'done' || record.status === 'failed') finished(record);
    });
  });
  return new Promise((resolve) =>
    server.listen(Number(process.env.CALLBACK_PORT ?? 8788), () => {
      const url = process.env.CALLBACK_PUBLIC_URL ?? `http://127.0.0.1:${server.address().port}/`;
      resolve({ url, done: done.finally(() => server.close()) });
    }),
  );
}

try {
  // 1. Lip-sync: a photo speaks an audio file.
  const lipsync = await call('POST', '/v1/video_generation', {
    reference_file_url: photoUrl,
    audio_url: audioUrl,
    model: 'standard_v1',
    reference_file_type: 'image',
  });
  const talking = await poll(`/v1/video_generation/${lipsync.task_id}`);
  await save(talking.video_url, 'lipsync.mp4');

  // 2. Visual translate: the video's on-screen English text, in Spanish.
  const visual = await call('POST', '/v1/media/frame_translate', {
    video_url: textVideoUrl,
    source_language: 'en',
    target_language: 'es',
  });
  const translated = await poll(`/v1/media/frame_translate/${visual.task_id}`);
  await save(translated.result.video_url, 'visual-translated.mp4');

  // 3. Translate and dub from the talk's English subtitles, followed by its callback.
  const receiver = await callbackReceiver();
  await call('POST', '/v1/media/translate', {
    media_type: 'video',
    media_url: talkUrl,
    subtitle_url: talkSrtUrl,
    source_language: 'en',
    target_language: 'es',
    subtitle_mode: 'add',
    export_type: 'video',
    callback_url: receiver.url,
  });
  const dubbed = await receiver.done;
  if (dubbed.status !== 'done') throw new Error(`dubbing failed: ${dubbed.err_code ?? ''} ${dubbed.err_message ?? ''}`);
  await save(dubbed.result.video_url, 'dubbed.mp4');
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
