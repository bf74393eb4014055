import { useEffect, useState } from 'react';

/** The value once it has stayed the same for `ms`: a search box asks the server when typing pauses. */
export function useDebounced<T>(value: T, ms = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
