// Adds V8 flags to a workerd config: reads the binary Cap'n Proto `Config` Miniflare writes to workerd's
// standard input and writes it with `v8Flags` set (the flags are this script's arguments). Miniflare has
// no option for V8 flags; bench/workerd-gc-trace.sh runs this in front of workerd.
// The flags go in a new segment, reached through a far pointer from Config's v8Flags slot (pointer 2 of
// workerd.capnp's `struct Config`), so nothing Miniflare encoded moves.
import { readFileSync, writeFileSync } from "node:fs";

const V8_FLAGS_POINTER = 2;

export function withV8Flags(message, flags) {
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  const segmentCount = view.getUint32(0, true) + 1;
  const headerBytes = Math.ceil((4 + 4 * segmentCount) / 8) * 8;
  const segments = [];
  let at = headerBytes;
  for (let i = 0; i < segmentCount; i++) {
    const words = view.getUint32(4 + 4 * i, true);
    segments.push({ start: at, words });
    at += words * 8;
  }
  const word = (segment, index) => view.getBigUint64(segments[segment].start + index * 8, true);

  // The root pointer: a struct pointer, or a far pointer to a landing pad that is one.
  let segment = 0;
  let position = 0;
  let pointer = word(0, 0);
  if ((pointer & 3n) === 2n) {
    if (pointer & 4n) throw new Error("a double-far root pointer is not supported");
    segment = Number(pointer >> 32n);
    position = Number((pointer >> 3n) & 0x1fffffffn);
    pointer = word(segment, position);
  }
  if ((pointer & 3n) !== 0n) throw new Error("the config's root is not a struct");
  const offset = Number(BigInt.asIntN(30, (pointer >> 2n) & 0x3fffffffn));
  const dataWords = Number((pointer >> 32n) & 0xffffn);
  const pointerCount = Number(pointer >> 48n);
  if (pointerCount <= V8_FLAGS_POINTER) throw new Error("the config has no v8Flags slot");
  const slot = position + 1 + offset + dataWords + V8_FLAGS_POINTER;
  if (word(segment, slot) !== 0n) throw new Error("the config already has V8 flags");

  // The new segment: a landing pad (a list pointer to what follows it), the list of text pointers, the texts.
  const texts = flags.map((flag) => Buffer.from(`${flag}\0`));
  const textWords = texts.map((bytes) => Math.ceil(bytes.length / 8));
  const words = 1 + flags.length + textWords.reduce((a, b) => a + b, 0);
  const added = new DataView(new ArrayBuffer(words * 8));
  const listPointer = (offsetWords, elementSize, count) =>
    (BigInt(count) << 35n) | (BigInt(elementSize) << 32n) | ((BigInt(offsetWords) & 0x3fffffffn) << 2n) | 1n;
  added.setBigUint64(0, listPointer(0, 6, flags.length), true);
  let text = 1 + flags.length;
  texts.forEach((bytes, i) => {
    added.setBigUint64((1 + i) * 8, listPointer(text - (1 + i) - 1, 2, bytes.length), true);
    new Uint8Array(added.buffer, text * 8, bytes.length).set(bytes);
    text += textWords[i];
  });

  // The far pointer from the slot to the landing pad (word 0 of the new segment).
  const newSegment = segmentCount;
  const out = new Uint8Array(Math.ceil((4 + 4 * (segmentCount + 1)) / 8) * 8 + (at - headerBytes) + words * 8);
  const outView = new DataView(out.buffer);
  outView.setUint32(0, segmentCount, true);
  segments.forEach((s, i) => outView.setUint32(4 + 4 * i, s.words, true));
  outView.setUint32(4 + 4 * segmentCount, words, true);
  const outHeader = Math.ceil((4 + 4 * (segmentCount + 1)) / 8) * 8;
  out.set(message.subarray(headerBytes, at), outHeader);
  out.set(new Uint8Array(added.buffer), outHeader + (at - headerBytes));
  const slotByte = outHeader + (segments[segment].start - headerBytes) + slot * 8;
  outView.setBigUint64(slotByte, (BigInt(newSegment) << 32n) | 2n, true);
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [output, ...flags] = process.argv.slice(2);
  writeFileSync(output, withV8Flags(readFileSync(0), flags));
}
