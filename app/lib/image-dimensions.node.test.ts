import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readImageDimensions } from "./image-dimensions.server";
import { isSafeSvg } from "./svg.server";

const bytes = (path: string) => new Uint8Array(readFileSync(new URL(`../../public/images/${path}`, import.meta.url)));
const text = (value: string) => new TextEncoder().encode(value);

/** A real (decodable) PNG of the given size: one grey pixel row repeated. */
function png(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, "ascii"), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 128)])),
  );
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(rows)),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/** A JPEG header: SOI, an EXIF APP1 with the given orientation (big- or little-endian), and a SOF0 frame. */
function jpegHeader(width: number, height: number, orientation?: number, little = false) {
  const parts: number[] = [0xff, 0xd8];
  if (orientation) {
    const u16 = (value: number) => (little ? [value & 0xff, value >> 8] : [value >> 8, value & 0xff]);
    const u32 = (value: number) => (little ? [value, 0, 0, 0] : [0, 0, 0, value]);
    const tiff = [...(little ? [0x49, 0x49] : [0x4d, 0x4d]), ...u16(42), ...u32(8), ...u16(1)];
    const entry = [...u16(0x0112), ...u16(3), ...u32(1), ...u16(orientation), 0, 0];
    const body = [...text("Exif\0\0"), ...tiff, ...entry, 0, 0, 0, 0];
    parts.push(0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body);
  }
  parts.push(0xff, 0xc0, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, ...new Array(9).fill(0));
  return new Uint8Array(parts);
}

describe("reading an image's size from its header", () => {
  it("reads the shipped JPEG and lossy WebP illustrations", () => {
    expect(readImageDimensions(bytes("gallery/gallery-1.jpg"))).toEqual({ format: "jpeg", width: 1200, height: 800 });
    expect(readImageDimensions(bytes("gallery/gallery-1.webp"))).toEqual({ format: "webp", width: 1200, height: 800 });
    expect(readImageDimensions(bytes("gallery/gallery-1-thumb.webp"))).toMatchObject({ width: 360, height: 240 });
    expect(readImageDimensions(bytes("accolades/accolade-1.jpg"))).toMatchObject({ width: 160, height: 160 });
  });

  it("reads PNG and GIF", () => {
    expect(readImageDimensions(png(640, 427))).toEqual({ format: "png", width: 640, height: 427 });
    expect(readImageDimensions(new Uint8Array([...text("GIF89a"), 0x20, 0x03, 0x58, 0x02, 0, 0]))).toEqual({
      format: "gif",
      width: 800,
      height: 600,
    });
  });

  it("reads lossless and extended WebP", () => {
    const riff = (chunk: string, payload: number[]) =>
      new Uint8Array([
        ...text("RIFF"),
        0,
        0,
        0,
        0,
        ...text("WEBP"),
        ...text(chunk),
        0,
        0,
        0,
        0,
        ...payload,
        ...new Array(16).fill(0),
      ]);
    // VP8L: 14-bit width-1 and height-1 packed after the 0x2f signature: 300 × 200.
    const w = 299;
    const h = 199;
    const lossless = riff("VP8L", [
      0x2f,
      w & 0xff,
      ((w >> 8) & 0x3f) | ((h & 0x03) << 6),
      (h >> 2) & 0xff,
      (h >> 10) & 0x0f,
    ]);
    expect(readImageDimensions(lossless)).toEqual({ format: "webp", width: 300, height: 200 });
    // VP8X: 24-bit width-1 and height-1 at bytes 24 and 27: 1920 × 1080.
    const extended = riff("VP8X", [0, 0, 0, 0, 1919 & 0xff, 1919 >> 8, 0, 1079 & 0xff, 1079 >> 8, 0]);
    expect(readImageDimensions(extended)).toEqual({ format: "webp", width: 1920, height: 1080 });
  });

  it("swaps a JPEG's width and height when its EXIF orientation turns it a quarter", () => {
    expect(readImageDimensions(jpegHeader(4000, 3000))).toEqual({ format: "jpeg", width: 4000, height: 3000 });
    expect(readImageDimensions(jpegHeader(4000, 3000, 1))).toMatchObject({ width: 4000, height: 3000 });
    expect(readImageDimensions(jpegHeader(4000, 3000, 6))).toMatchObject({ width: 3000, height: 4000 });
    expect(readImageDimensions(jpegHeader(4000, 3000, 8, true))).toMatchObject({ width: 3000, height: 4000 });
  });

  it("reads an SVG's width and height, or its viewBox", () => {
    const svg = (root: string) =>
      text(`<?xml version="1.0"?>\n<!-- drawn -->\n<svg xmlns="http://www.w3.org/2000/svg" ${root}></svg>`);
    expect(readImageDimensions(svg('width="1200" height="630"'))).toEqual({ format: "svg", width: 1200, height: 630 });
    expect(readImageDimensions(svg('width="300px" height="150px"'))).toMatchObject({ width: 300, height: 150 });
    expect(readImageDimensions(svg('viewBox="0 0 800 450"'))).toMatchObject({ width: 800, height: 450 });
    expect(readImageDimensions(svg('width="100%" viewBox="0,0,40,30"'))).toMatchObject({ width: 40, height: 30 });
    expect(readImageDimensions(svg('width="400" viewBox="0 0 800 450"'))).toMatchObject({ width: 400, height: 225 });
    expect(readImageDimensions(svg('width="10em" height="5em"'))).toBeNull();
  });

  it("refuses what is not an image, or is cut short", () => {
    expect(readImageDimensions(text("%PDF-1.7 not an image"))).toBeNull();
    expect(readImageDimensions(text("<html><svg width='1' height='1'></svg></html>"))).toBeNull();
    expect(readImageDimensions(png(10, 10).subarray(0, 20))).toBeNull();
    expect(readImageDimensions(jpegHeader(10, 10).subarray(0, 9))).toBeNull();
    expect(readImageDimensions(new Uint8Array())).toBeNull();
  });

  it("tells a harmless SVG from one that could run script or fetch from elsewhere", () => {
    expect(
      isSafeSvg(
        text(
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" fill="#123"/></svg>',
        ),
      ),
    ).toBe(true);
    for (const bad of [
      `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://tracker.example/p.png"/></svg>',
      `<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div>x</div></foreignObject></svg>`,
      '<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg"></svg>',
    ])
      expect(isSafeSvg(text(bad)), bad).toBe(false);
  });
});
