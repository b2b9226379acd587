// AAC in ADTS framing: each packet carries its own length, so a stream splits into packets without a demuxer.

/** 1024 PCM frames per AAC packet (AAC-LC), and the one packet of encoder priming ffmpeg puts first. */
export const AAC_FRAME_SAMPLES = 1024;

/** The packets of an ADTS stream, in order (views into `data`). */
export function adtsPackets(data: Buffer): Buffer[] {
  const packets: Buffer[] = [];
  let offset = 0;
  while (offset < data.length) {
    if (offset + 7 > data.length || data[offset] !== 0xff || (data[offset + 1]! & 0xf0) !== 0xf0) {
      throw new Error(`Not an ADTS stream: no packet header at byte ${offset}.`);
    }
    const length = ((data[offset + 3]! & 0x03) << 11) | (data[offset + 4]! << 3) | (data[offset + 5]! >> 5);
    if (length < 7 || offset + length > data.length)
      throw new Error(`ADTS packet at byte ${offset} runs past the stream's end.`);
    packets.push(data.subarray(offset, offset + length));
    offset += length;
  }
  return packets;
}
