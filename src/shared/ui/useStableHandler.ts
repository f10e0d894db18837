import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A handler whose identity never changes but which always calls the latest `handler`: a memoised child
 * given it is not drawn again only because its parent made a new closure.
 */
export function useStableHandler<Args extends unknown[]>(handler: (...args: Args) => void): (...args: Args) => void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: Args) => {
    latest.current(...args);
  }, []);
}
