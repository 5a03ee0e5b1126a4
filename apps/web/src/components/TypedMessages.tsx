import { useEffect, useState } from 'react';
import { IDEA_MESSAGES, MESSAGE_ROTATION_MS, TYPEWRITER_MS_PER_CHARACTER } from '../lib/idea-messages';

/** Rotates through the playful messages every 4 s, typing each out at 70 ms a character. */
export function TypedMessages() {
  const [index, setIndex] = useState(0);
  const [typed, setTyped] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => {
      setIndex((i) => (i + 1) % IDEA_MESSAGES.length);
      setTyped(0);
    }, MESSAGE_ROTATION_MS);
    return () => clearInterval(timer);
  }, []);
  const message = IDEA_MESSAGES[index]!;
  useEffect(() => {
    if (typed >= message.length) return;
    const timer = setTimeout(() => setTyped((n) => n + 1), TYPEWRITER_MS_PER_CHARACTER);
    return () => clearTimeout(timer);
  }, [typed, message]);
  return (
    <p className="min-h-6 font-medium text-violet-700" role="status" aria-live="polite" aria-label={message} data-testid="idea-message">
      {message.slice(0, typed)}
      <span className="animate-pulse" aria-hidden="true">
        ▍
      </span>
    </p>
  );
}
