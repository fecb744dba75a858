// Beside each menu item on a shop page: add it to the cart, or step its quantity (customers only). An item with
// options opens its options sheet instead (issue 25), and says how many of it the order holds.
import type { MenuItem } from '@shared/api/menu';
import { MAX_LINE_QUANTITY } from '@shared/api/order-constants';
import type { Shop } from '@shared/api/shops';
import { Minus, Plus } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useAuth } from '../../lib/auth';
import { lazyNamed } from '../../lib/lazy-named';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast-store';
import { hasOptions } from '../menu/item-options';
import { addToCart, cartLineKey, holdsOtherShop, itemQuantity, setQuantity, useCart } from './cart';

// Asked only when the cart holds another shop's items: the dialog loads then.
const StartOverDialog = lazyNamed(() => import('./StartOverDialog'), 'StartOverDialog');
// Loaded with the first item whose options are chosen.
const OptionSheet = lazyNamed(() => import('./OptionSheet'), 'OptionSheet');

export function AddToCartControl({ shop, item }: { shop: Shop; item: MenuItem }) {
  const { user } = useAuth();
  const cart = useCart();
  const [askStartOver, setAskStartOver] = useState(false);
  const [choosing, setChoosing] = useState(false);
  // Add turns into a quantity stepper, and the stepper back into Add at 0: the button pressed is gone, so the
  // keyboard's focus is handed to what took its place rather than dropped to the page (issue 32).
  const control = useRef<HTMLDivElement>(null);
  const focusAfter = useRef<'stepper' | 'add' | null>(null);
  useEffect(() => {
    const wanted = focusAfter.current;
    if (!wanted || !control.current) return;
    const target = control.current.querySelector<HTMLButtonElement>(
      wanted === 'stepper' ? '[data-focus="more"]' : '[data-focus="add"]',
    );
    if (target) {
      focusAfter.current = null;
      target.focus();
    }
  });
  // An owner sees no cart (issue: 'an owner sees no cart'), not even on another owner's shop.
  if (user?.role === 'shop_owner') return null;

  const reason = !item.isAvailable ? 'Not available' : !shop.acceptingOrders ? 'Orders paused' : null;
  if (reason)
    return (
      <div className="flex flex-col items-end gap-0.5">
        <Button size="sm" variant="outline" disabled aria-label={`Add ${item.name} to cart`}>
          <Plus className="h-4 w-4" aria-hidden /> Add
        </Button>
        <span className="text-xs font-medium text-espresso-600">{reason}</span>
      </div>
    );

  const withOptions = hasOptions(item);
  const add = () => {
    if (withOptions) return setChoosing(true);
    focusAfter.current = 'stepper';
    addToCart(shop, item);
  };
  const lines = cart?.shopId === shop.id ? cart.lines : [];
  const inOrder = itemQuantity(lines, item.id);
  // An item without options has one line, stepped here; one with options may have several, each in the cart.
  const line = withOptions ? undefined : lines.find((entry) => entry.menuItemId === item.id);

  if (line)
    return (
      <div
        ref={control}
        className="flex items-center gap-1"
        role="group"
        aria-label={`Quantity of ${item.name}`}
      >
        <Button
          size="icon"
          variant="outline"
          className="h-8 w-8"
          aria-label={`Remove one ${item.name}`}
          onClick={() => {
            if (line.quantity === 1) focusAfter.current = 'add';
            setQuantity(cartLineKey(line), line.quantity - 1);
          }}
        >
          <Minus className="h-4 w-4" aria-hidden />
        </Button>
        <output className="w-7 text-center text-sm font-semibold" aria-live="polite">
          {line.quantity}
        </output>
        <Button
          size="icon"
          variant="outline"
          className="h-8 w-8"
          aria-label={`Add one more ${item.name}`}
          data-focus="more"
          disabled={line.quantity >= MAX_LINE_QUANTITY}
          onClick={() => setQuantity(cartLineKey(line), line.quantity + 1)}
        >
          <Plus className="h-4 w-4" aria-hidden />
        </Button>
        {/* The disabled + says why in words, not only by greying out. */}
        {line.quantity >= MAX_LINE_QUANTITY && (
          <span className="text-xs text-espresso-700">Max {MAX_LINE_QUANTITY}</span>
        )}
      </div>
    );

  const full = inOrder >= MAX_LINE_QUANTITY;
  return (
    <div ref={control} className="flex flex-col items-end gap-0.5">
      <Button
        size="sm"
        data-focus="add"
        aria-label={`Add ${item.name} to cart`}
        aria-haspopup={withOptions ? 'dialog' : undefined}
        disabled={full}
        onClick={() => {
          if (!user) {
            toast({
              title: 'Please sign in',
              description: 'Sign in to order ahead from this coffee shop.',
              variant: 'destructive',
            });
            return;
          }
          if (holdsOtherShop(shop.id)) setAskStartOver(true);
          else add();
        }}
      >
        <Plus className="h-4 w-4" aria-hidden /> Add
      </Button>
      {withOptions && inOrder > 0 && (
        <span className="text-xs font-medium text-espresso-700">
          {full ? `Max ${MAX_LINE_QUANTITY}` : `${inOrder} in your order`}
        </span>
      )}
      {askStartOver && (
        <Suspense fallback={null}>
          <StartOverDialog
            open={askStartOver}
            currentShopName={cart?.shopName ?? ''}
            newShopName={shop.name}
            onCancel={() => setAskStartOver(false)}
            onConfirm={() => {
              setAskStartOver(false);
              add();
            }}
          />
        </Suspense>
      )}
      {choosing && (
        <Suspense fallback={null}>
          <OptionSheet
            item={item}
            open={choosing}
            onClose={() => setChoosing(false)}
            maxQuantity={MAX_LINE_QUANTITY - inOrder}
            submitLabel="Add to order"
            onSubmit={(options, quantity) => {
              setChoosing(false);
              addToCart(shop, item, options, quantity);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
