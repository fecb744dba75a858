// Where the keyboard goes after an order moves (issue 32): the button pressed (Confirm, Cancel…) is gone once the
// order has moved, so focus goes to the order's next action, or to the order's card when none is left, never to
// the page body, where a keyboard or screen-reader user would have to start over from the top.
export function focusOrder(orderId: number) {
  // After React has drawn the moved order.
  requestAnimationFrame(() => {
    const card = document.querySelector<HTMLElement>(
      `[data-testid="order-card"][aria-label="Order #${orderId}"]`,
    );
    if (!card) return;
    const next = card.querySelector<HTMLButtonElement>('button[data-order-action]:not([disabled])');
    if (next) return next.focus();
    if (!card.hasAttribute('tabindex')) card.tabIndex = -1;
    card.focus();
  });
}
