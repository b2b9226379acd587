/** Sizes in words for error messages: "20 GB", "1.5 MB", "900 bytes". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return 'unlimited';
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${Number(value.toFixed(value < 10 ? 1 : 0))} ${units[unit]}`;
}
