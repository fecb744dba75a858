// How many of Discover's shop cards to render: a row at once, then a row more each frame until all are in.
import { startTransition, useEffect, useState } from 'react';

/**
 * Cards in the first render and added per step: one row of ShopGrid's grid (one column on a phone, two from
 * Tailwind's sm, three from lg). The first row fills what a screen shows of the list below the filters.
 */
export function cardsPerRow(): number {
  if (typeof window === 'undefined' || !window.matchMedia) return 3;
  if (window.matchMedia('(min-width: 1024px)').matches) return 3;
  return window.matchMedia('(min-width: 640px)').matches ? 2 : 1;
}

/**
 * Building all 14 (or 50) cards and laying them out in one go was one long task on a phone (Lighthouse's total
 * blocking time on Discover signed in): a few at a time, each step after the previous one has painted, keeps
 * every task short and input answered. The count only grows: a new list (a filter, Show More) keeps the cards
 * already built and adds the rest the same way.
 */
export function useGrowingCount(total: number): number {
  const [step] = useState(cardsPerRow);
  const [count, setCount] = useState(step);
  useEffect(() => {
    if (count >= total) return;
    // After the next frame, so each step is painted (and laid out) on its own.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setCount((shown) => shown + step)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [count, total, step]);
  return count;
}
