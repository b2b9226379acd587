// Reading 16-bit PCM mono WAV files by slices, as plain-JS source for the sherpa-onnx child (ops embed it): a film's
// speech track is hundreds of MB as floats, so the ops read only the samples they need, by byte offset.
//
// `openPcm16Wav(file, purpose)` parses the header once and returns { sampleRate, sampleCount, read(start, end) },
// where read gives samples [start, end) as a Float32Array in -1..1 (sherpa's own scale: int16 / 32768). Any other
// format (float, 24-bit, stereo, compressed) is refused with a message saying what the file is.
export const PCM16_WAV_READER_SOURCE = String.raw`
function openPcm16Wav(file, purpose) {
  const fs = require('node:fs');
  const fd = fs.openSync(file, 'r');
  const size = fs.fstatSync(fd).size;
  let format;
  let dataOffset = -1;
  let dataBytes = 0;
  try {
    // The chunks before 'data' (fmt, LIST, fact) are small: the first 64 KiB hold them.
    const header = Buffer.alloc(Math.min(65536, size));
    fs.readSync(fd, header, 0, header.length, 0);
    if (header.length < 12 || header.toString('ascii', 0, 4) !== 'RIFF' || header.toString('ascii', 8, 12) !== 'WAVE') {
      throw new Error(purpose + ' needs a WAV file; ' + file + ' is not one');
    }
    for (let at = 12; at + 8 <= header.length;) {
      const id = header.toString('ascii', at, at + 4);
      const length = header.readUInt32LE(at + 4);
      if (id === 'fmt ' && at + 24 <= header.length) {
        let tag = header.readUInt16LE(at + 8);
        // WAVE_FORMAT_EXTENSIBLE names the real format in its sub-format GUID (its first two bytes).
        if (tag === 0xfffe && length >= 40 && at + 34 <= header.length) tag = header.readUInt16LE(at + 32);
        format = { tag, channels: header.readUInt16LE(at + 10), sampleRate: header.readUInt32LE(at + 12), bits: header.readUInt16LE(at + 22) };
      } else if (id === 'data') {
        dataOffset = at + 8;
        const available = size - dataOffset;
        // A data chunk of unknown size (written to a pipe) runs to the end of the file.
        dataBytes = length === 0 || length === 0xffffffff ? available : Math.min(length, available);
        break;
      }
      at += 8 + length + (length % 2);
    }
    if (!format || dataOffset < 0) throw new Error(purpose + ': ' + file + ' has no readable WAV format and data chunks');
    if (format.tag !== 1 || format.bits !== 16 || format.channels !== 1) {
      throw new Error(purpose + ' needs 16-bit PCM mono WAV audio; ' + file + ' is ' + format.bits + '-bit, ' + format.channels + ' channel(s), WAV format ' + format.tag);
    }
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
  fs.closeSync(fd);
  const sampleCount = Math.floor(dataBytes / 2);
  return {
    sampleRate: format.sampleRate,
    sampleCount,
    read(start, end) {
      const from = Math.max(0, Math.min(sampleCount, Math.floor(start)));
      const to = Math.max(from, Math.min(sampleCount, Math.floor(end)));
      const bytes = Buffer.alloc((to - from) * 2);
      const handle = fs.openSync(file, 'r');
      try {
        for (let done = 0; done < bytes.length;) {
          const got = fs.readSync(handle, bytes, done, bytes.length - done, dataOffset + from * 2 + done);
          if (got === 0) break;
          done += got;
        }
      } finally {
        fs.closeSync(handle);
      }
      const samples = new Float32Array(to - from);
      for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2) / 32768;
      return samples;
    },
  };
}
`;
