// Node module hooks that load a `.wasm` import as workerd does: the default export is the compiled
// WebAssembly.Module. Lets Node scripts import the server build (scripts/check-js-budget.mjs), which
// imports the share pictures' renderer that way.
import { fileURLToPath } from "node:url";

export async function load(url, context, nextLoad) {
  if (!url.endsWith(".wasm")) return nextLoad(url, context);
  const path = JSON.stringify(fileURLToPath(url));
  return {
    format: "module",
    shortCircuit: true,
    source: `import { readFileSync } from "node:fs"; export default new WebAssembly.Module(readFileSync(${path}));`,
  };
}
