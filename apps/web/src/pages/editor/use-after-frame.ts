import { useEffect, useState } from 'react';

/**
 * `value` as of the browser's last drawn frame: it follows a change once the frame showing that change is out
 * (an animation frame, then a task), so work that depends on it — the palette's counts and their layout —
 * never holds up the frame that shows an edit. A change arriving meanwhile starts the wait again.
 */
export function useAfterFrame<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(settled, value)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        setSettled(value);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value, settled]);
  return settled;
}
