/**
 * SVG to PNG with resvg (WebAssembly), with the fonts of the generated cover bundled. Loaded with a dynamic
 * import by share-image.server.ts, so the 2.5 MB module is instantiated only in an isolate that draws a
 * share picture, never at the Worker's start.
 */
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import { GELASIO_BOLD, GELASIO_BOLD_EXT, GELASIO_REGULAR, INTER_BOLD } from "./share-fonts.server";

let ready: Promise<void> | undefined;
let fontBuffers: Uint8Array[] | undefined;

const fromBase64 = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

/** The SVG drawn at `width` pixels wide (the height follows its viewBox), as PNG bytes. */
export async function renderPng(svg: string, width: number): Promise<Uint8Array> {
  ready ??= initWasm(resvgWasm);
  await ready;
  fontBuffers ??= [GELASIO_BOLD, GELASIO_BOLD_EXT, GELASIO_REGULAR, INTER_BOLD].map(fromBase64);
  const resvg = new Resvg(svg, {
    fitTo: { mode: "width", value: width },
    font: { fontBuffers, loadSystemFonts: false, defaultFontFamily: "Gelasio" },
  });
  try {
    const image = resvg.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
