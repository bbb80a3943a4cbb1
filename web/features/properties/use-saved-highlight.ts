import { useEffect, useRef, useState } from 'react';

/** How long a just-saved listing stays marked before its mark fades (the fade is a CSS transition). */
export const HIGHLIGHT_MS = 4000;

/**
 * The listing just saved: marked for a few seconds and scrolled into view once it is on the page
 * (a new listing appears only after the list reloads). `shown` is whatever draws the list anew.
 */
export function useSavedHighlight(shown: unknown) {
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const toScroll = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` re-runs this once the list redraws
  useEffect(() => {
    const id = toScroll.current;
    if (!id) return;
    const element = Array.from(document.querySelectorAll<HTMLElement>('[data-listing-id]')).find(
      (candidate) => candidate.dataset.listingId === id,
    );
    if (!element) return;
    toScroll.current = null;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (typeof element.scrollIntoView === 'function')
      element.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
  }, [highlightedId, shown]);

  useEffect(() => {
    if (!highlightedId) return;
    const timer = window.setTimeout(() => setHighlightedId(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlightedId]);

  const highlight = (id: string) => {
    toScroll.current = id;
    setHighlightedId(id);
  };
  return { highlightedId, highlight };
}
