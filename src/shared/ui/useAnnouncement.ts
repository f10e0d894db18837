import { useEffect, useRef, useState } from 'react';

/** Something that changes and says so: a controller's store. */
export interface Observable {
  subscribe(listener: () => void): () => void;
}

/**
 * The text of a live region: the latest change worth announcing. `read` takes what the rule looks
 * at from the source, and `announce` compares it before and after each change (null: say nothing).
 * Only changes after the page mounts are announced, never the state it opened in.
 */
export function useAnnouncement<S>(source: Observable, read: () => S, announce: (previous: S, next: S) => string | null): string {
  const [text, setText] = useState('');
  // The rule and the reader are read through refs so that new closures on each render do not
  // resubscribe (and so lose the state compared against).
  const rule = useRef({ read, announce });
  useEffect(() => {
    rule.current = { read, announce };
  });
  useEffect(() => {
    let previous = rule.current.read();
    return source.subscribe(() => {
      const next = rule.current.read();
      const message = rule.current.announce(previous, next);
      previous = next;
      if (message) setText(message);
    });
  }, [source]);
  return text;
}
