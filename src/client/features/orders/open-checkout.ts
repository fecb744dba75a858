// The usual's Order (issue 29) ends at the checkout: the shop page's cart panel (#cart) is brought into view and
// given the keyboard's focus as soon as the page shows it. Coming from /favorites the shop page is still loading,
// so it is waited for (a while, not for ever: a failed load shows its own message instead).
const WAIT_FOR_PANEL_MS = 10_000;

export function openCheckout() {
  const show = (panel: HTMLElement) => {
    // A region, not a control: focusable from script only, as focus-order.ts does for an order's card.
    if (!panel.hasAttribute('tabindex')) panel.tabIndex = -1;
    panel.focus({ preventScroll: true });
    panel.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const findPanel = () => {
    const ready = document.getElementById('cart');
    if (ready) return show(ready);
    const observer = new MutationObserver(() => {
      const panel = document.getElementById('cart');
      if (!panel) return;
      observer.disconnect();
      clearTimeout(giveUp);
      show(panel);
    });
    const giveUp = setTimeout(() => observer.disconnect(), WAIT_FOR_PANEL_MS);
    observer.observe(document.body, { childList: true, subtree: true });
  };
  // After React has drawn the navigation and the filled cart, and after a closing 'Start a new order?' dialog has
  // handed the focus back to its opener (Radix does that in a timer of its own, set before this one).
  requestAnimationFrame(() => setTimeout(findPanel, 0));
}
