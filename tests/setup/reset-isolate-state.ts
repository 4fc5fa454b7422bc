// The pool rolls D1 and the Cache API back after every test, but an isolate that runs many test
// files keeps its memory: the edge cache's copy of the content version (app/lib/edge-cache.server.ts)
// would then be ahead of the rolled-back counter, and a later background re-read would lower it in
// the middle of a test. Production never sees that (the counter only goes up), so each test starts
// as a fresh isolate would: with no version read yet.
import { beforeEach } from "vitest";

beforeEach(() => {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("lawfirm.edge-cache.version")];
});
