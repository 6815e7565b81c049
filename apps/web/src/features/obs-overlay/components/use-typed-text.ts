import { useEffect, useMemo, useState } from 'react';

/**
 * Spec 02 §4: a message is typed one character per `msPerCharacter` (50 ms, faster for a long
 * message that must finish within the alert). Returns the typed part and the rest; with
 * `msPerCharacter` 0 (voice messages, or no time to type) all of it at once. Characters are
 * counted as people see them, so an emoji never shows half-typed. Progress follows the clock, not the count of
 * ticks, so a throttled timer catches up instead of falling behind the alert's duration.
 */
export function useTypedText(
  text: string,
  msPerCharacter: number,
): { typed: string; rest: string } {
  const isTyping = msPerCharacter > 0;
  const characters = useMemo(() => Array.from(text), [text]);
  const [count, setCount] = useState(isTyping ? 0 : characters.length);

  useEffect(() => {
    if (!isTyping || characters.length === 0) return;
    const startedAt = performance.now();
    const timer = window.setInterval(() => {
      const typed = Math.floor((performance.now() - startedAt) / msPerCharacter);
      setCount(Math.min(typed, characters.length));
      if (typed >= characters.length) window.clearInterval(timer);
    }, msPerCharacter);
    return () => window.clearInterval(timer);
  }, [characters, isTyping, msPerCharacter]);

  return { typed: characters.slice(0, count).join(''), rest: characters.slice(count).join('') };
}
