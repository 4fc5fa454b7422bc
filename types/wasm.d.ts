// A WebAssembly module imported as a module (wrangler and the vitest pool compile it; vite.config.ts keeps
// the import in the server build): workerd refuses to compile WebAssembly from bytes at run time.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
