/**
 * The pixel size of an image, read from its header (no decoding): PNG, JPEG (with its EXIF orientation,
 * as browsers apply it), WebP (lossy, lossless and extended), GIF and SVG (width/height, else the viewBox).
 * Stored with an upload so pages can give every <img> its width and height and keep its aspect ratio.
 */
export type ImageFormat = "png" | "jpeg" | "webp" | "gif" | "svg";
export type ImageDimensions = { format: ImageFormat; width: number; height: number };

/** Byte `at`, or a throw when the header is cut short (readImageDimensions answers null then). */
const at = (b: Uint8Array, index: number) => {
  if (index >= b.length) throw new RangeError("header cut short");
  return b[index]!;
};
const u16be = (b: Uint8Array, i: number) => (at(b, i) << 8) | at(b, i + 1);
const u16le = (b: Uint8Array, i: number) => at(b, i) | (at(b, i + 1) << 8);
const u24le = (b: Uint8Array, i: number) => at(b, i) | (at(b, i + 1) << 8) | (at(b, i + 2) << 16);
const u32be = (b: Uint8Array, i: number) =>
  ((at(b, i) << 24) >>> 0) + (at(b, i + 1) << 16) + (at(b, i + 2) << 8) + at(b, i + 3);
const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

const valid = (dimensions: ImageDimensions | null) =>
  dimensions &&
  dimensions.width > 0 &&
  dimensions.height > 0 &&
  dimensions.width <= 65_535 &&
  dimensions.height <= 65_535
    ? dimensions
    : null;

export function readImageDimensions(bytes: Uint8Array): ImageDimensions | null {
  try {
    if (bytes.length >= 24 && u32be(bytes, 0) === 0x89504e47 && ascii(bytes, 12, 4) === "IHDR")
      return valid({ format: "png", width: u32be(bytes, 16), height: u32be(bytes, 20) });
    if (bytes.length >= 10 && ascii(bytes, 0, 4) === "GIF8")
      return valid({ format: "gif", width: u16le(bytes, 6), height: u16le(bytes, 8) });
    if (bytes.length >= 30 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return valid(webp(bytes));
    if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return valid(jpeg(bytes));
    return valid(svg(bytes));
  } catch {
    // A header cut short reads past the end: not an image we can size.
    return null;
  }
}

function webp(b: Uint8Array): ImageDimensions | null {
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8 " && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a)
    return { format: "webp", width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (chunk === "VP8L" && b[20] === 0x2f) {
    const [b0, b1, b2, b3] = [at(b, 21), at(b, 22), at(b, 23), at(b, 24)];
    return {
      format: "webp",
      width: 1 + (((b1 & 0x3f) << 8) | b0),
      height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)),
    };
  }
  if (chunk === "VP8X") return { format: "webp", width: 1 + u24le(b, 24), height: 1 + u24le(b, 27) };
  return null;
}

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(b: Uint8Array): ImageDimensions | null {
  let offset = 2;
  let orientation = 1;
  while (offset + 4 <= b.length) {
    if (b[offset] !== 0xff) return null;
    const marker = b[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data before any frame header
    const length = u16be(b, offset + 2);
    if (marker === 0xe1 && ascii(b, offset + 4, 6) === "Exif\0\0") orientation = exifOrientation(b, offset + 10) ?? 1;
    if (SOF_MARKERS.has(marker)) {
      const height = u16be(b, offset + 5);
      const width = u16be(b, offset + 7);
      // Orientations 5 to 8 turn the picture a quarter: browsers swap its width and height.
      return orientation >= 5 && orientation <= 8
        ? { format: "jpeg", width: height, height: width }
        : { format: "jpeg", width, height };
    }
    offset += 2 + length;
  }
  return null;
}

/** The EXIF Orientation tag (0x0112) of the TIFF structure at `tiff`, if any. */
function exifOrientation(b: Uint8Array, tiff: number): number | null {
  const order = ascii(b, tiff, 2);
  if (order !== "II" && order !== "MM") return null;
  const little = order === "II";
  const read16 = (at: number) => (little ? u16le(b, at) : u16be(b, at));
  const read32 = (at: number) => (little ? (u16le(b, at) + (u16le(b, at + 2) << 16)) >>> 0 : u32be(b, at));
  const ifd = tiff + read32(tiff + 4);
  const entries = read16(ifd);
  for (let index = 0; index < entries; index++) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > b.length) return null;
    if (read16(entry) === 0x0112) return read16(entry + 8);
  }
  return null;
}

/** An SVG's size: numeric width and height of the root element (px or unitless), else its viewBox. */
function svg(b: Uint8Array): ImageDimensions | null {
  const text = new TextDecoder().decode(b.subarray(0, 64 * 1024));
  const root = /<svg\b([^>]*)>/i.exec(text);
  if (!root) return null;
  const before = text.slice(0, root.index).replace(/^\uFEFF/, "");
  // Only a prolog may come before the root: XML declaration, comments, doctype, whitespace.
  if (before.replace(/<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>|\s+/gi, "") !== "") return null;
  const attributes = root[1]!;
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, "i").exec(attributes)?.[1];
  const length = (value: string | undefined) => {
    const match = value && /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/i.exec(value);
    return match ? Math.round(Number(match[1])) : null;
  };
  const width = length(attribute("width"));
  const height = length(attribute("height"));
  if (width && height) return { format: "svg", width, height };
  const box = attribute("viewBox")
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box && box.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0) {
    const [boxWidth, boxHeight] = [box[2]!, box[3]!];
    // One given length scales the other by the viewBox's ratio.
    if (width) return { format: "svg", width, height: Math.round((width * boxHeight) / boxWidth) };
    if (height) return { format: "svg", width: Math.round((height * boxWidth) / boxHeight), height };
    return { format: "svg", width: Math.round(boxWidth), height: Math.round(boxHeight) };
  }
  return null;
}
