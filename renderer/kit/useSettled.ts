/**
 * `value` once it has stayed the same for `ms`: a live preview asks the
 * upstream after typing pauses, not at every key (hand-written: one timer,
 * where a debounce library would add a dependency for ten lines).
 */
import { useEffect, useState } from 'react';

export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
