// A log file rotated by size the way logrotate does it: `name` is always the current file, `name.1` the newest old one.
import path from 'node:path';
import { createStream, type RotatingFileStream } from 'rotating-file-stream';

export interface RotatingFileOptions {
  /** Folder of the log files; created when missing. */
  dir: string;
  /** The current file's name, e.g. `service.log`. */
  name: string;
  /** A write that takes the current file to this size or past it starts a new file. */
  maxBytes: number;
  /** Rotated files kept besides the current one (`name.1` … `name.<keep>`); older ones are deleted. */
  keep: number;
}

export interface RotatingFile {
  /** Absolute path of the current file. */
  readonly file: string;
  readonly stream: RotatingFileStream;
  /** Flushes what was written and closes the file. */
  close(): Promise<void>;
}

export function openRotatingFile(options: RotatingFileOptions): RotatingFile {
  if (!(options.maxBytes >= 1) || !Number.isInteger(options.maxBytes))
    throw new RangeError(`maxBytes must be a positive whole number of bytes; got ${options.maxBytes}.`);
  if (!(options.keep >= 1) || !Number.isInteger(options.keep))
    throw new RangeError(`keep must be a positive whole number; got ${options.keep}.`);
  // `rotate` is logrotate's scheme: the name stays the current file, `name.1` … `name.<keep>` are the older ones.
  // Owner-only (600): a log names tasks, files and addresses; rotation renames files, so old ones keep the mode.
  const stream = createStream(options.name, {
    path: options.dir,
    size: `${options.maxBytes}B`,
    rotate: options.keep,
    mode: 0o600,
  });
  // A log that cannot be written must never take the service down; the write is lost, the requests go on.
  stream.on('error', () => undefined);
  let closing: Promise<void> | undefined;
  return {
    file: path.resolve(options.dir, options.name),
    stream,
    close() {
      closing ??= new Promise<void>((resolve) => {
        if (stream.closed || stream.destroyed) return resolve();
        stream.once('close', () => resolve());
        stream.once('error', () => resolve());
        stream.end();
      });
      return closing;
    },
  };
}
