// A WebM recorded by MediaRecorder has no duration in its header (it was written live), so a player
// shows none and cannot place a seek. The first chunk gets a Duration element with a placeholder
// (durationPlaceholder); when the part ends, its real length is written over the placeholder in place
// (durationPatch, through Storage.seal). EBML: element id, size as a variable-length integer, data.

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const DURATION = 0x4489;
const TIMECODE_SCALE = 0x2ad7b1;
const CLUSTER = 0x1f43b675;

export interface DurationSlot {
  /** The first chunk with a Duration element in its Info (or as it was, if it had one). */
  bytes: Buffer;
  /** Offset of the Duration's 8-byte float. */
  at: number;
  /** The segment's TimecodeScale: nanoseconds per duration unit. */
  unitNs: number;
}

function readId(b: Buffer, at: number): { id: number; len: number } | null {
  if (at >= b.length) return null;
  const first = b[at];
  const len = first & 0x80 ? 1 : first & 0x40 ? 2 : first & 0x20 ? 3 : first & 0x10 ? 4 : 0;
  if (!len || at + len > b.length) return null;
  return { id: b.readUIntBE(at, len), len };
}

function readSize(b: Buffer, at: number): { value: number; len: number; unknown: boolean } | null {
  if (at >= b.length) return null;
  const first = b[at];
  let len = 1;
  while (len <= 8 && !(first & (0x80 >> (len - 1)))) len++;
  if (len > 8 || at + len > b.length) return null;
  let value = first & (0xff >> len);
  let allOnes = value === 0xff >> len;
  for (let i = 1; i < len; i++) {
    value = value * 256 + b[at + i];
    if (b[at + i] !== 0xff) allOnes = false;
  }
  return { value, len, unknown: allOnes };
}

/** `value` as a size of exactly `len` bytes, or null when it does not fit. */
function encodeSize(value: number, len: number): Buffer | null {
  if (value >= 2 ** (7 * len) - 1) return null;
  const out = Buffer.alloc(len);
  let v = value;
  for (let i = len - 1; i >= 0; i--) {
    out[i] = v % 256;
    v = Math.floor(v / 256);
  }
  out[0] |= 0x80 >> (len - 1);
  return out;
}

/** The first chunk with room for the duration, or null when its header is not one we can read. */
export function durationPlaceholder(chunk: Buffer): DurationSlot | null {
  const ebml = readId(chunk, 0);
  const ebmlSize = ebml?.id === EBML ? readSize(chunk, ebml.len) : null;
  if (!ebml || !ebmlSize || ebmlSize.unknown) return null;
  const segmentAt = ebml.len + ebmlSize.len + ebmlSize.value;
  const segment = readId(chunk, segmentAt);
  const segmentSize = segment?.id === SEGMENT ? readSize(chunk, segmentAt + segment.len) : null;
  if (!segment || !segmentSize) return null;
  let at = segmentAt + segment.len + segmentSize.len;
  for (;;) {
    const child = readId(chunk, at);
    const size = child ? readSize(chunk, at + child.len) : null;
    if (!child || !size || size.unknown || child.id === CLUSTER) return null;
    const dataAt = at + child.len + size.len;
    const end = dataAt + size.value;
    if (child.id !== INFO) {
      at = end;
      continue;
    }
    if (end > chunk.length) return null;
    return withDuration(chunk, { segmentAt: segmentAt + segment.len, segmentSize, sizeAt: at + child.len, size, dataAt, end });
  }
}

interface InfoAt {
  segmentAt: number;
  segmentSize: { value: number; len: number; unknown: boolean };
  sizeAt: number;
  size: { value: number; len: number };
  dataAt: number;
  end: number;
}

function withDuration(chunk: Buffer, info: InfoAt): DurationSlot | null {
  let unitNs = 1_000_000;
  for (let at = info.dataAt; at < info.end; ) {
    const child = readId(chunk, at);
    const size = child ? readSize(chunk, at + child.len) : null;
    if (!child || !size) return null;
    const dataAt = at + child.len + size.len;
    if (child.id === TIMECODE_SCALE) unitNs = chunk.readUIntBE(dataAt, size.value);
    if (child.id === DURATION) return size.value === 8 ? { bytes: chunk, at: dataAt, unitNs } : null;
    at = dataAt + size.value;
  }
  const element = Buffer.from([0x44, 0x89, 0x88, 0, 0, 0, 0, 0, 0, 0, 0]);
  const infoSize = encodeSize(info.size.value + element.length, info.size.len);
  if (!infoSize) return null;
  const parts = [chunk.subarray(0, info.sizeAt), infoSize, chunk.subarray(info.dataAt, info.end), element, chunk.subarray(info.end)];
  if (!info.segmentSize.unknown) {
    const segmentSize = encodeSize(info.segmentSize.value + element.length, info.segmentSize.len);
    if (!segmentSize) return null;
    parts.splice(0, 1, chunk.subarray(0, info.segmentAt), segmentSize, chunk.subarray(info.segmentAt + info.segmentSize.len, info.sizeAt));
  }
  return { bytes: Buffer.concat(parts), at: info.end + 3, unitNs };
}

/** The bytes to write over the placeholder: `ms` in the segment's units, an 8-byte float. */
export function durationPatch(slot: { at: number; unitNs: number }, ms: number): { at: number; bytes: Buffer } {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE((ms * 1_000_000) / slot.unitNs);
  return { at: slot.at, bytes };
}
