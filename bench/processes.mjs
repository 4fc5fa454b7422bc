// The bench's child processes: every one is tracked, and all of them are
// stopped when the run ends, fails, times out or is interrupted (Ctrl+C).
// Each child gets its own process group (wrangler starts workerd under it),
// and stopping it signals the whole group.
import { spawn } from "node:child_process";
import { appendFileSync, closeSync, openSync } from "node:fs";
import { clearTimeout, setTimeout } from "node:timers";
import { setTimeout as sleep } from "node:timers/promises";
/* global AbortSignal */

export const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1", FORCE_COLOR: "0" };

const running = new Set();
const cleanups = new Set();

/** Register an extra cleanup (e.g. closing Chromium); returns a function that unregisters it. */
export function onCleanup(fn) {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

/** Stop everything still running. Safe to call more than once. */
export async function stopAll() {
  for (const fn of [...cleanups]) {
    cleanups.delete(fn);
    try {
      await fn();
    } catch {
      // best effort
    }
  }
  await Promise.all([...running].map((child) => stopChild(child)));
}

/** SIGTERM the child's process group, then SIGKILL it after a grace period. */
async function stopChild(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      try {
        child.kill(name);
      } catch {
        // already gone
      }
    }
  };
  signal("SIGTERM");
  const result = await Promise.race([exited.then(() => "exited"), sleep(graceMs).then(() => "timeout")]);
  if (result === "timeout") {
    signal("SIGKILL");
    await Promise.race([exited, sleep(2000)]);
  }
}

function track(child) {
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

/**
 * Run a command to completion, its output appended to `logFile`. Rejects (with
 * the tail of the output) when it fails or exceeds `timeoutMs`; resolves with
 * its stdout when `capture` is set.
 */
export function exec(command, args, { logFile, timeoutMs = 300_000, capture = false } = {}) {
  return new Promise((resolve, reject) => {
    appendFileSync(logFile, `\n$ ${command} ${args.join(" ")}\n`);
    const child = track(spawn(command, args, { env: quietEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] }));
    let stdout = "";
    let tail = "";
    const keep = (chunk, isStdout) => {
      const text = chunk.toString();
      appendFileSync(logFile, text);
      if (isStdout && capture) stdout += text;
      tail = (tail + text).slice(-3000);
    };
    child.stdout.on("data", (chunk) => keep(chunk, true));
    child.stderr.on("data", (chunk) => keep(chunk, false));
    const timer = setTimeout(() => {
      stopChild(child);
      reject(new Error(`${command} ${args.join(" ")} took longer than ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(" ")} failed (${code ?? signal}):\n${tail}`));
    });
  });
}

/** Start a long-running command (with `env` added to the environment), its output appended to `logFile`; returns { child, stop() }. */
export function startDetached(command, args, { logFile, env = {} }) {
  appendFileSync(logFile, `\n$ ${command} ${args.join(" ")} &\n`);
  const fd = openSync(logFile, "a");
  const child = track(
    spawn(command, args, { env: { ...quietEnv, ...env }, detached: true, stdio: ["ignore", fd, fd] }),
  );
  closeSync(fd);
  return { child, stop: () => stopChild(child) };
}

/** Whether something already answers on 127.0.0.1:port. */
export async function portAnswers(port) {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1500) });
    return true;
  } catch {
    return false;
  }
}

/** Wait until `url` answers with a status below 500, or fail after `timeoutMs` (or when `child` exits). */
export async function waitForHttp(url, { timeoutMs = 60_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`the server exited (code ${child.exitCode}) before answering`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await sleep(300);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
