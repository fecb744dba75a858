// Where the keyboard goes after an order moves (issue 32): the button pressed (Confirm, Cancel…) is gone once the
// order has moved, so focus goes to the order's next action, or to the order's card when none is left; and when the
// card itself leaves the list (a Status filter it no longer matches), to the card now in its place, or the list's
// heading. Never to the page body, where a keyboard or screen-reader user would have to start over from the top.
import { type RefObject, useLayoutEffect, useRef } from 'react';
import { focusAfterLeaving } from '../board/board-columns';

function orderCard(orderId: number) {
  return document.querySelector<HTMLElement>(`[data-testid="order-card"][aria-label="Order #${orderId}"]`);
}

/** The card's first action that can be pressed, else the card itself. */
function focusCard(card: HTMLElement) {
  const next = card.querySelector<HTMLButtonElement>('button[data-order-action]:not([disabled])');
  if (next) return next.focus();
  focusItself(card);
}

function focusItself(element: HTMLElement) {
  if (!element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.focus();
}

export function focusOrder(orderId: number) {
  // After React has drawn the moved order.
  requestAnimationFrame(() => {
    const card = orderCard(orderId);
    if (card) focusCard(card);
  });
}

/**
 * focusOrder for a list that may drop the moved order: the owner's Orders tab filtered by status loses a confirmed
 * order once the list is fetched again, some time after the move, and the focus that was on that card would fall
 * to the page body. After every render this looks whether the moved order has left `orderIds` (the cards in the
 * order drawn) and, if the focus went with it, hands it on the way the board does (focusAfterLeaving): to the card
 * now in its place, else the one above, else to `heading`. Returns what to call once an order has moved.
 */
export function useFocusAfterMove(orderIds: readonly number[], heading: RefObject<HTMLElement | null>) {
  const moved = useRef<{ id: number; row: number } | null>(null);
  // No dependency list: any render may be the one that drops the card.
  useLayoutEffect(() => {
    const place = moved.current;
    if (!place) return;
    const row = orderIds.indexOf(place.id);
    if (row >= 0) {
      place.row = row;
      return;
    }
    moved.current = null;
    // The owner has gone on to something else (the search box, another card): leave the focus there.
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const target = focusAfterLeaving([orderIds], { column: 0, row: place.row });
    const card = target === null ? null : orderCard(target);
    if (card) focusCard(card);
    else if (heading.current) focusItself(heading.current);
  });
  return (orderId: number) => {
    moved.current = { id: orderId, row: Math.max(orderIds.indexOf(orderId), 0) };
    focusOrder(orderId);
  };
}
