// A callback receiver that verifies DubDesk's signature before it trusts a delivery.
// With PHOTO and AUDIO it also runs a lip-sync job whose callback_url points here, waits for the signed `done`
// callback (no polling), downloads the video and exits; without them it listens until Ctrl-C.
// usage: DUBDESK_WEBHOOK_SECRET=whsec_... npx tsx callback-receiver.ts [PHOTO AUDIO [OUT_DIR]]
// (the secret: `dubdesk webhook-secret`, or the Settings page; CALLBACK_PORT, default 8787; CALLBACK_SAVE_DIR keeps
// each verified delivery's raw body and signature, e.g. for ../curl/verify-callback.sh)
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { download, dubdesk, ok, run, upload } from './lib.js';

const secret = process.env.DUBDESK_WEBHOOK_SECRET;
if (!secret) throw new Error('Set DUBDESK_WEBHOOK_SECRET: dubdesk webhook-secret prints it.');
const port = Number(process.env.CALLBACK_PORT ?? 8787);
const saveDir = process.env.CALLBACK_SAVE_DIR;
const [photo, audio, out = '.'] = process.argv.slice(2);
/** Older signatures are refused, so a captured delivery cannot be replayed later. */
const MAX_AGE_SECONDS = 300;

/** Why a delivery must be refused, or undefined when `X-DubDesk-Signature: t=<s>,v1=<hex>` signs this raw body. */
export function refusal(header: string | undefined, body: Buffer, now = Date.now() / 1000): string | undefined {
  const t = header?.match(/(?:^|,)t=(\d+)/)?.[1];
  const v1 = header?.match(/(?:^|,)v1=([0-9a-f]{64})/)?.[1];
  if (!t || !v1) return 'no signature';
  if (Math.abs(now - Number(t)) > MAX_AGE_SECONDS) return `signed ${Math.round(now - Number(t))} s ago`;
  const expected = createHmac('sha256', secret!).update(`${t}.`).update(body).digest();
  // Constant time: a receiver must not leak how much of a forged signature was right.
  return timingSafeEqual(expected, Buffer.from(v1, 'hex')) ? undefined : 'the signature does not match the body';
}

const seen = new Set<string>();
let onStatus: (record: {
  status: string;
  video_url?: string;
  err_code?: string;
  err_message?: string;
}) => void = () => {};

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', async () => {
    const body = Buffer.concat(chunks);
    const signature = request.headers['x-dubdesk-signature'] as string | undefined;
    const why = refusal(signature, body);
    if (why) {
      console.error(`refused a delivery: ${why}`);
      response.writeHead(401).end();
      return;
    }
    // Deliveries are at least once: the event id drops a repeat.
    const eventId = String(request.headers['x-dubdesk-event-id']);
    response.writeHead(204).end();
    if (seen.has(eventId)) return;
    seen.add(eventId);
    const record = JSON.parse(body.toString('utf8'));
    console.log(`verified ${eventId}: ${record.status}`);
    if (saveDir) {
      await mkdir(saveDir, { recursive: true });
      await writeFile(path.join(saveDir, `${eventId}.json`), body);
      await writeFile(path.join(saveDir, `${eventId}.signature`), signature!);
    }
    onStatus(record);
  });
});

server.listen(port, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as { port: number }).port}/dubdesk`);
  if (!photo || !audio) return;
  run(async () => {
    const finished = new Promise<{ status: string; video_url?: string; err_code?: string; err_message?: string }>(
      (resolve) => {
        onStatus = (record) => (record.status === 'done' || record.status === 'failed') && resolve(record);
      },
    );
    const callbackUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/dubdesk`;
    const { task_id } = await ok(
      dubdesk.POST('/v1/video_generation', {
        body: {
          reference_file_url: await upload(photo),
          audio_url: await upload(audio),
          reference_file_type: 'image',
          model: 'standard_v1',
          callback_url: callbackUrl,
        },
      }),
    );
    console.error(`task ${task_id}`);
    const record = await finished;
    if (record.status === 'failed') throw new Error(`failed: ${record.err_code}: ${record.err_message}`);
    await download(record.video_url!, path.join(out, `lipsync-${task_id}.mp4`));
    server.close();
  });
});
