// The pool talks to Miniflare's loopback server (in this process) to push and pop each test's
// storage, over kept-alive connections. Node closes an idle connection after 5 s
// (server.keepAliveTimeout); when workerd reuses one at that moment the request fails with
// "Network connection lost", and the test with it, more often the busier the machine. Servers
// created in this process therefore keep idle connections open for the length of a run.
import http from "node:http";

const IDLE_MS = 30 * 60_000;

export default function keepLoopbackConnectionsAlive() {
  const createServer = http.createServer;
  const patched = ((...args: Parameters<typeof http.createServer>) => {
    const server = createServer(...args);
    server.keepAliveTimeout = IDLE_MS;
    server.headersTimeout = IDLE_MS + 1000;
    return server;
  }) as typeof http.createServer;
  http.createServer = patched;
  return () => {
    http.createServer = createServer;
  };
}
