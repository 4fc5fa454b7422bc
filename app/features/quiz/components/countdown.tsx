import { useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";

export function formatRemaining(ms: number) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * The time left, as mm:ss. The server's remaining milliseconds are the truth;
 * with JavaScript the display ticks every second from them (never from the
 * client's own idea of the deadline) and calls onExpire once at zero.
 */
export function Countdown({ remainingMs, onExpire }: { remainingMs: number; onExpire?: () => void }) {
  const [left, setLeft] = useState(remainingMs);
  const expiredRef = useRef(false);
  useEffect(() => {
    const startedAt = performance.now();
    expiredRef.current = false;
    setLeft(remainingMs);
    const timer = setInterval(() => {
      const now = Math.max(0, remainingMs - (performance.now() - startedAt));
      setLeft(now);
      if (now === 0 && !expiredRef.current) {
        expiredRef.current = true;
        clearInterval(timer);
        onExpire?.();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [remainingMs, onExpire]);
  return (
    <p className="quiz-timer" role="timer" aria-live="off">
      Time left: <strong>{formatRemaining(left)}</strong>
    </p>
  );
}

/**
 * What a page of an open attempt does when its countdown reaches zero: it submits (intent `submit`,
 * to the page's own action) a moment later, and the server finalises the attempt with what was saved.
 */
export function useSubmitAtExpiry() {
  const submit = useSubmit();
  return useCallback(() => {
    setTimeout(() => submit({ intent: "submit" }, { method: "post", replace: true }), 1500);
  }, [submit]);
}
