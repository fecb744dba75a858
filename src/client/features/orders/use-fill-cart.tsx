// Order again's last step, shared by a past order's Order again and the usual's Order (issue 29): the cart that
// reorderCart made replaces the cart (once the customer agrees, when one is there already), lines whose options
// must be chosen again wait for the shop page's sheet, a toast names what could not be added, and the shop page
// opens (at its checkout, for the usual).
import { type ReactNode, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { lazyNamed } from '../../lib/lazy-named';
import { toast } from '../../ui/toast-store';
import { getCart, replaceCart } from './cart';
import { askToChooseAgain } from './choose-again';
import { openCheckout } from './open-checkout';
import type { Reorder } from './reorder';

// Asked only when the cart holds something already: the dialog loads then (as AddToCartControl's does).
const StartOverDialog = lazyNamed(() => import('./StartOverDialog'), 'StartOverDialog');

export interface FillCartOptions {
  /** The toast's words when every line was added: 'Everything from order #12 is in your cart.' */
  allAdded: string;
  /** Bring the shop page's checkout into view and focus once there (the usual's Order). */
  toCheckout?: boolean;
}

export function useFillCart(): {
  /** Fills the cart with the result, or first asks to replace a cart already there. */
  offer: (result: Reorder, options: FillCartOptions) => void;
  /** The 'Start a new order?' dialog: rendered by the caller, beside the button. */
  startOverDialog: ReactNode;
} {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState<{ result: Reorder; options: FillCartOptions } | null>(null);

  const fill = (result: Reorder, options: FillCartOptions) => {
    const { shopId } = result.cart;
    replaceCart(result.cart);
    // Lines whose options cannot all be had again open their sheet on the shop page, naming what changed.
    askToChooseAgain(shopId, result.toChoose);
    const notes = [
      result.unavailable.length > 0 ? `Not available now: ${result.unavailable.join(', ')}.` : '',
      ...result.toChoose.map((line) => `${line.reason}.`),
    ].filter(Boolean);
    toast({
      title: result.cart.lines.length > 0 ? 'Added to your cart' : 'Choose again',
      description: notes.length > 0 ? notes.join(' ') : options.allAdded,
    });
    navigate(`/shops/${shopId}`);
    if (options.toCheckout) openCheckout();
  };

  const offer = (result: Reorder, options: FillCartOptions) => {
    if (result.cart.lines.length === 0 && result.toChoose.length === 0) {
      toast({
        title: 'Nothing to add',
        description: `None of these items are available now: ${result.unavailable.join(', ')}.`,
        variant: 'destructive',
      });
      return;
    }
    // A cart already holding something is replaced only once the customer says so.
    if (getCart()) setPending({ result, options });
    else fill(result, options);
  };

  const startOverDialog = pending && (
    <Suspense fallback={null}>
      <StartOverDialog
        open
        currentShopName={getCart()?.shopName ?? ''}
        newShopName={pending.result.cart.shopName}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          setPending(null);
          fill(pending.result, pending.options);
        }}
      />
    </Suspense>
  );
  return { offer, startOverDialog };
}
