/**
 * Makes zod jitless before any schema is built (app/root.tsx imports it first): zod 4 otherwise
 * probes `new Function`, which our CSP forbids in the browser and workerd forbids on the server.
 * It writes zod's global config object (`globalThis.__zod_globalConfig`, created by zod only if
 * missing) rather than calling `config()`, so pages that use no zod do not load 4 KB of it
 * (docs/decisions/095-form-pages-without-zod.md). tests/zod-config.node.test.ts fails if zod stops
 * reading this object.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
