// Pure: formats with no magic number, told by frame or packet headers that repeat where their own lengths say.

/** How much of a file sniffing reads: a file shorter than this was read whole. */
export const SNIFF_BYTES = 4096;

const MP3_BITRATES_KBPS = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MP3_SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** Length in bytes of the MPEG audio Layer III frame whose header is at `offset`, or null if it is not one. */
function mp3FrameLength(bytes: Uint8Array, offset: number): number | null {
  if (bytes.length < offset + 4) return null;
  const [b0, b1, b2] = [bytes[offset], bytes[offset + 1], bytes[offset + 2]];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  // Layer bits 00 are AAC's ADTS sync, 01 is Layer III; version 01 and the indexes 15 / 3 are reserved.
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const bitrate = (version === 3 ? MP3_BITRATES_KBPS.v1 : MP3_BITRATES_KBPS.v2)[bitrateIndex] * 1000;
  const sampleRate = MP3_SAMPLE_RATES[version][rateIndex];
  const padding = (b2 >> 1) & 1;
  return Math.floor(((version === 3 ? 144 : 72) * bitrate) / sampleRate) + padding;
}

/** Length of the ADTS (AAC) frame whose header is at `offset`, or null if it is not one. */
function adtsFrameLength(bytes: Uint8Array, offset: number): number | null {
  if (bytes.length < offset + 7) return null;
  const at = (index: number) => bytes[offset + index];
  // 12 sync bits, then layer 00; sampling-frequency indexes 13..15 are reserved.
  if (at(0) !== 0xff || (at(1) & 0xf6) !== 0xf0 || ((at(2) >> 2) & 0x0f) > 12) return null;
  const length = ((at(3) & 0x03) << 11) | (at(4) << 3) | (at(5) >> 5);
  const header = at(1) & 0x01 ? 7 : 9;
  return length > header ? length : null;
}

/** A second frame right where the first one ends rules out chance matches; a file shorter than one frame is let by. */
function framesRepeat(bytes: Uint8Array, offset: number, frameLength: (b: Uint8Array, at: number) => number | null) {
  const length = frameLength(bytes, offset);
  if (length === null) return false;
  if (bytes.length < offset + length + 4) return bytes.length < SNIFF_BYTES;
  return frameLength(bytes, offset + length) !== null;
}

/** An MP3 without an ID3 tag starts on a frame. */
export function isMp3(bytes: Uint8Array, offset: number): boolean {
  return framesRepeat(bytes, offset, mp3FrameLength);
}

/** Raw AAC in ADTS frames (.aac). */
export function isAdts(bytes: Uint8Array, offset: number): boolean {
  return framesRepeat(bytes, offset, adtsFrameLength);
}

const TS_SYNC = 0x47;

/** MPEG-TS: a sync byte at the same place in every `packetSize` bytes, for at least 3 packets (all that were read). */
export function isMpegTs(bytes: Uint8Array, packetSize: number, syncAt: number): boolean {
  const packets = Math.floor(bytes.length / packetSize);
  if (packets < 3) return false;
  for (let packet = 0; packet < packets; packet++) {
    if (bytes[packet * packetSize + syncAt] !== TS_SYNC) return false;
  }
  return true;
}
