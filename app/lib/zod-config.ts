/**
 * Imported first by app/root.tsx, so it runs before any route module builds a
 * schema: zod 4 otherwise probes `new Function` to compile fast parsers, which
 * our CSP forbids in the browser (a console CSP report and a Lighthouse
 * best-practices deduction) and workerd forbids on the server. Our schemas are
 * small; the interpreted parser is fast enough.
 */
import { config } from "zod/v4/core";

config({ jitless: true });
