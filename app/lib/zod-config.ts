/**
 * Imported first by app/root.tsx, so it runs before any route module builds a
 * schema: zod 4 otherwise probes `new Function` to compile fast parsers, which
 * our CSP forbids in the browser (a console CSP report and a Lighthouse
 * best-practices deduction) and workerd forbids on the server. Our schemas are
 * small; the interpreted parser is fast enough.
 *
 * It sets zod's global config object (`globalThis.__zod_globalConfig`, which
 * zod 4 creates only if missing, and which its `config()` writes and its
 * parsers read) instead of calling `config({ jitless: true })`: importing zod
 * here put 4 KB of it on every page, most of which load no zod at all
 * (docs/decisions/095-form-pages-without-zod.md). tests/zod-config.node.test.ts
 * fails if zod stops reading this object.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
