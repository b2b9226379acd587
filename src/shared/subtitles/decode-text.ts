// Pure: subtitle bytes -> text the way players read them (BOM, else UTF-8, else the detected legacy code page).
// Runs in the service and the renderer: TextDecoder for every encoding it knows, UTF-32 by hand (TextDecoder has none).
import { analyse } from 'chardet';

export interface DecodedText {
  text: string;
  /** The encoding used, as people name it: "UTF-8", "UTF-16LE", "Windows-1252", "Shift_JIS". */
  encoding: string;
  /** False when the legacy encoding was a guess among close candidates. */
  confident: boolean;
}

const BOMS: readonly {
  bytes: readonly number[];
  encoding: 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'UTF-32LE' | 'UTF-32BE';
}[] = [
  // UTF-32LE before UTF-16LE: its BOM starts with the same two bytes.
  { bytes: [0xff, 0xfe, 0x00, 0x00], encoding: 'UTF-32LE' },
  { bytes: [0x00, 0x00, 0xfe, 0xff], encoding: 'UTF-32BE' },
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'UTF-8' },
  { bytes: [0xff, 0xfe], encoding: 'UTF-16LE' },
  { bytes: [0xfe, 0xff], encoding: 'UTF-16BE' },
];

/** chardet's best candidate counts as detected when it scores at least this and leads the next by MIN_LEAD. */
const MIN_CONFIDENCE = 40;
const MIN_LEAD = 10;

export function decodeSubtitleText(bytes: Uint8Array): DecodedText {
  const bom = BOMS.find((candidate) => candidate.bytes.every((byte, i) => bytes[i] === byte));
  if (bom) {
    const body = bytes.subarray(bom.bytes.length);
    const text = bom.encoding.startsWith('UTF-32')
      ? decodeUtf32(body, bom.encoding === 'UTF-32LE')
      : new TextDecoder(bom.encoding.toLowerCase()).decode(body);
    return { text, encoding: bom.encoding, confident: true };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8', confident: true };
  } catch {
    return decodeLegacy(bytes);
  }
}

/** The best candidate this platform's TextDecoder knows; Windows-1252, the commonest legacy subtitle encoding, when none is. */
function decodeLegacy(bytes: Uint8Array): DecodedText {
  const candidates = analyse(bytes).filter((match) => !/^(UTF|ASCII)/i.test(match.name));
  for (const [i, match] of candidates.entries()) {
    const decoder = textDecoderFor(match.name);
    if (!decoder) continue;
    const runnerUp = candidates[i + 1]?.confidence ?? 0;
    const confident = i === 0 && match.confidence >= MIN_CONFIDENCE && match.confidence - runnerUp >= MIN_LEAD;
    return { text: decoder.decode(bytes), encoding: displayName(decoder.encoding), confident };
  }
  return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'Windows-1252', confident: false };
}

function textDecoderFor(label: string): TextDecoder | undefined {
  try {
    return new TextDecoder(label.toLowerCase());
  } catch {
    return undefined; // a label the platform does not decode (UTF-32, ISO-2022-KR…)
  }
}

/** "windows-1252" -> "Windows-1252", "shift_jis" -> "Shift_JIS", "iso-8859-2" -> "ISO-8859-2". */
function displayName(whatwgName: string): string {
  if (whatwgName === 'shift_jis') return 'Shift_JIS';
  if (whatwgName.startsWith('windows-')) return `Windows-${whatwgName.slice('windows-'.length)}`;
  return whatwgName.toUpperCase();
}

function decodeUtf32(bytes: Uint8Array, littleEndian: boolean): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let text = '';
  for (let offset = 0; offset + 4 <= bytes.byteLength; offset += 4) {
    const point = view.getUint32(offset, littleEndian);
    // An impossible code point becomes U+FFFD, as TextDecoder does for bad UTF-16.
    text += point <= 0x10ffff && (point < 0xd800 || point > 0xdfff) ? String.fromCodePoint(point) : '\uFFFD';
  }
  return text;
}
