// Client-side navigation keeps the scroll position; a new page should start at its top, as a full load would.
import { useEffect } from 'react';
import { useLocation } from 'wouter';

export function useScrollToTop() {
  const [location] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must run on every change of location.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
}
