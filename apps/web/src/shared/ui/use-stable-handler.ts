import { useCallback, useInsertionEffect, useRef } from 'react';

/**
 * A function that keeps its identity from one render to the next and calls the latest `handler`: an
 * event prop that does not make a memoised child draw again.
 */
export function useStableHandler<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  useInsertionEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
