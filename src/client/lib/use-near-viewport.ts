// True once the page has finished loading and an element is near the viewport: something heavy and secondary (a
// map) then never competes with the page's first paint for the network or the main thread, and is not fetched at
// all by a visitor who never scrolls to it.
import { type RefObject, useEffect, useState } from 'react';

export function useNearViewportAfterLoad(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [isNear, setIsNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    let observer: IntersectionObserver | undefined;
    const observe = () => {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
        },
        { rootMargin: margin },
      );
      observer.observe(element);
    };
    if (document.readyState === 'complete') observe();
    else window.addEventListener('load', observe, { once: true });
    return () => {
      window.removeEventListener('load', observe);
      observer?.disconnect();
    };
  }, [ref, margin, isNear]);
  return isNear;
}
