// A signed-in customer's cart and checkout on a shop page (inside CartPanel): lines, total, pickup time, notes,
// how to pay where the shop takes payment online (issue 26: Pay now leaves for Paystack in the same tab), Place
// Order. Loaded with the first signed-in visit to a shop page: visitors never download it.
import type { MenuItem } from '@shared/api/menu';
import { MAX_LINE_QUANTITY, MAX_ORDER_NOTES } from '@shared/api/order-constants';
import type { PaymentChoice } from '@shared/api/payments';
import type { Shop } from '@shared/api/shops';
import { addDaysToDate, localDateOf } from '@shared/domain/local-date';
import { rewardCents } from '@shared/domain/loyalty-reward';
import { centsToRand, randToCents } from '@shared/domain/money';
import { preparationMinutes } from '@shared/domain/pickup';
import type { PickupSlots } from '@shared/domain/pickup-slots';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, PauseCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { NativeSelect } from '../../ui/NativeSelect';
import { Textarea } from '../../ui/Textarea';
import { toast } from '../../ui/toast-store';
import { LOYALTY_CARDS_KEY, useLoyaltyCard } from '../loyalty/queries';
import { RewardSwitch } from '../loyalty/RewardSwitch';
import { hasOptions } from '../menu/item-options';
import { useMenuItems } from '../menu/queries';
import { pickupSlotsKey, usePickupSlots } from '../shops/queries';
import { CartLineRow } from './CartLineRow';
import {
  addToCart,
  type Cart,
  type CartLine,
  cartCount,
  cartLineKey,
  cartTotalCents,
  clearCart,
  itemQuantity,
  replaceLine,
  useCart,
} from './cart';
import { orderableLines, unavailableReason } from './cart-availability';
import { doneChoosingAgain, useNextToChooseAgain } from './choose-again';
import { newIdempotencyKey } from './idempotency-key';
import { OptionSheet } from './OptionSheet';
import { localClock } from './order-time';
import { PaymentChoiceField } from './PaymentChoiceField';
import { checkoutFootnote, effectivePaymentChoice, placeOrderLabel } from './payment-choice';
import {
  type CheckoutPickup,
  checkoutPickup,
  pickupAtText,
  readyAroundText,
  resolvePickupChoice,
  slotOptionLabel,
} from './pickup-options';
import { usePlaceOrder } from './queries';
import { useNow } from './use-now';

const ASAP = 'asap';
/** How much later ASAP may come out at the moment of ordering before the customer is asked again. */
const ASAP_DRIFT_MS = 5 * 60_000;

export function Checkout({ shop }: { shop: Shop }) {
  const cart = useCart();
  const mine = cart?.shopId === shop.id ? cart : null;
  const [paying, setPaying] = useState<PayingOnline | null>(null);
  const payOnline = (next: PayingOnline) => {
    // The order is placed and waits for its payment (the shop does not see it yet): the cart is done with.
    // Paystack brings the customer back to /orders?payment=<reference>; /orders offers Pay now again.
    setPaying(next);
    clearCart();
    window.location.assign(next.url);
  };
  if (paying) return <LeavingForPaystack paying={paying} />;
  return (
    <div className="mt-3 space-y-4">
      <ChooseAgainSheet shop={shop} cart={mine} />
      {mine && <PhoneCartBar cart={mine} />}
      {cart && !mine && (
        <p className="rounded-lg bg-espresso-50 p-3 text-sm text-espresso-700">
          Your cart holds {cartCount(cart)} item{cartCount(cart) === 1 ? '' : 's'} from{' '}
          <Link href={`/shops/${cart.shopId}`} className="font-medium underline">
            {cart.shopName}
          </Link>
          . Adding from this menu starts a new order.
        </p>
      )}
      {mine ? (
        <CheckoutForm shop={shop} cart={mine} onPayOnline={payOnline} />
      ) : (
        // Only when there is no cart at all: a cart from another shop is said above, never also 'empty' (issue 32).
        !cart && (
          <p className="text-sm text-espresso-600">
            Your cart is empty. Add items from the menu to order ahead for pickup.
          </p>
        )
      )}
    </div>
  );
}

/** An online order just placed: its Paystack page, where the browser is going. */
interface PayingOnline {
  orderId: number;
  url: string;
}

function CheckoutForm({
  shop,
  cart,
  onPayOnline,
}: {
  shop: Shop;
  cart: Cart;
  onPayOnline: (paying: PayingOnline) => void;
}) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const now = useNow();
  // The shop's own slot rule, from the server (issue 30): its prep time, busy delay and full slots.
  const today = localDateOf(now);
  const tomorrow = addDaysToDate(today, 1);
  const todaySlots = usePickupSlots(shop.id, today);
  const tomorrowSlots = usePickupSlots(shop.id, tomorrow);
  const place = usePlaceOrder();
  const menu = useMenuItems(shop.id);
  const [editing, setEditing] = useState<{ line: CartLine; item: MenuItem } | null>(null);
  const [pickup, setPickup] = useState<string>(ASAP);
  const [notes, setNotes] = useState('');
  // Pay now first: where a shop offers both, paying ahead is what spares it a no-show.
  const [pickedPayment, setPickedPayment] = useState<PaymentChoice>('online');
  const payment = effectivePaymentChoice(shop.onlinePayment, pickedPayment);
  // Both belong to one checkout attempt, the order as it was (its signature, below), and lapse when it changes.
  const [failed, setFailed] = useState<{ signature: string; message: string } | null>(null);
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  // While ASAP is being checked again, before the order is sent.
  const [checking, setChecking] = useState(false);
  // A full stamp card here (issue 29) can be spent on this order: off until the customer says so.
  const card = useLoyaltyCard(shop.id);
  const [useReward, setUseReward] = useState(false);
  const canRedeem = Boolean(shop.loyalty && card?.full && card.enabled);
  const redeeming = canRedeem && useReward;

  // The slowest item still sets a floor, as it always did: the shop's pace is per shop, not per item.
  const itemMinutes = Math.max(0, ...cart.lines.map((line) => preparationMinutes(line.preparationTime)));
  const slotsLoading = todaySlots.isLoading || tomorrowSlots.isLoading;
  const slotsFailed = todaySlots.isError && tomorrowSlots.isError;
  const choices: CheckoutPickup = checkoutPickup({
    today: todaySlots.data,
    tomorrow: tomorrowSlots.data,
    now,
    itemMinutes,
  });

  // A chosen slot that has passed, or ASAP when there is none, falls back to the first time still possible; a
  // chosen slot that filled up stays chosen and says so.
  const selected = resolvePickupChoice(pickup, choices, ASAP);
  const selectedSlot = choices.days.flatMap((day) => day.slots).find((slot) => slot.at === selected);
  const selectedFull = selectedSlot !== undefined && !selectedSlot.available;

  // What the order would be: a change to it is a new checkout attempt and gets a new Idempotency-Key; a retry
  // of the same order (after a network failure, say) sends the same key again and so can never order twice.
  const signature = JSON.stringify([
    cart.lines.map((l) => [cartLineKey(l), l.quantity]),
    selected,
    notes.trim(),
    payment,
    redeeming,
  ]);
  const failure = failed?.signature === signature ? failed.message : null;

  // Lines sold out since they were added (the menu is read again live, issue 31): the order waits until they go,
  // and the total is of what can be ordered (their prices are struck through).
  const unavailable = new Map(
    cart.lines.map((line) => [cartLineKey(line), unavailableReason(line, menu.data)]),
  );
  const unavailableCount = [...unavailable.values()].filter(Boolean).length;
  const orderable = orderableLines(cart.lines, menu.data);
  const linesTotal = cartTotalCents({ ...cart, lines: orderable });
  // The reward the server will take off: the dearest line's unit price, at most the card's most.
  const reward =
    canRedeem && card
      ? rewardCents(
          orderable.map((line) => randToCents(Number(line.price))),
          randToCents(Number(card.rewardMaxValue)),
        )
      : 0;
  const total = linesTotal - (redeeming ? reward : 0);
  // A reward that covers the whole order leaves nothing to pay, online or at the counter.
  const nothingToPay = redeeming && total === 0;
  const sentPayment: PaymentChoice = nothingToPay ? 'counter' : payment;
  const canPlace =
    shop.acceptingOrders &&
    unavailableCount === 0 &&
    selected !== '' &&
    !selectedFull &&
    !slotsLoading &&
    !checking &&
    !place.isPending;

  /** ASAP as the server works it out now: the page may have been open a while since it last asked. */
  const freshAsap = async (): Promise<Date | null> => {
    const fetchDay = (date: string) =>
      queryClient.fetchQuery<PickupSlots>({ queryKey: pickupSlotsKey(shop.id, date), staleTime: 0 });
    const [freshToday, freshTomorrow] = await Promise.all([fetchDay(today), fetchDay(tomorrow)]);
    return checkoutPickup({ today: freshToday, tomorrow: freshTomorrow, now: new Date(), itemMinutes }).asap;
  };

  const submit = async () => {
    if (!canPlace) return;
    // ASAP is worked out again at the moment of ordering, so time spent on the page does not make it too soon.
    let pickupTime: Date | null = selected === ASAP ? null : new Date(selected);
    if (selected === ASAP) {
      setChecking(true);
      try {
        pickupTime = await freshAsap();
      } catch (error) {
        setFailed({
          signature,
          message: errorMessage(error, 'Could not check the pickup time. Please try again.'),
        });
        return;
      } finally {
        setChecking(false);
      }
      if (!pickupTime) {
        setFailed({
          signature,
          message: `${shop.name} has no free pickup as soon as possible: please choose a pickup time.`,
        });
        return;
      }
      // The customer was told a time; a much later one is theirs to accept, not a surprise on the order.
      if (choices.asap && pickupTime.getTime() - choices.asap.getTime() > ASAP_DRIFT_MS) {
        setFailed({
          signature,
          message: `The earliest pickup is now around ${localClock(pickupTime)}. Place the order again to take it, or choose a time.`,
        });
        return;
      }
    }
    if (!pickupTime) return;
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: newIdempotencyKey() };
    place.mutate(
      {
        idempotencyKey: attempt.current.key,
        body: {
          shopId: shop.id,
          items: cart.lines.map((line) => ({
            menuItemId: line.menuItemId,
            quantity: line.quantity,
            options: line.options.map((option) => option.id),
          })),
          pickupTime: pickupTime.toISOString(),
          notes: notes.trim() || null,
          payment: sentPayment,
          ...(redeeming ? { redeemReward: true } : {}),
        },
      },
      {
        onSuccess: (order) => {
          attempt.current = null;
          if (order.payment && order.paymentStatus === 'awaiting') {
            onPayOnline({ orderId: order.id, url: order.payment.authorization_url });
            return;
          }
          clearCart();
          if (redeeming) void queryClient.invalidateQueries({ queryKey: LOYALTY_CARDS_KEY });
          toast({
            title: 'Order placed',
            description: nothingToPay
              ? `Order #${order.id} has been sent to ${order.shopName}. Your reward covers it: nothing to pay.`
              : `Order #${order.id} has been sent to ${order.shopName}. Pay at the counter when you collect it.`,
          });
          navigate('/orders');
        },
        // A 409 (the time is full or too soon, naming the next free one) also refreshes the slots (usePlaceOrder).
        onError: (error) => {
          const message = errorMessage(error, 'Failed to place order. Please try again.');
          setFailed({ signature, message });
          toast({ title: 'Order failed', description: message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <ul className="divide-y divide-espresso-100" aria-label="Cart">
          {cart.lines.map((line) => {
            const item = menu.data?.find((entry) => entry.id === line.menuItemId);
            return (
              <CartLineRow
                key={cartLineKey(line)}
                line={line}
                itemTotal={itemQuantity(cart.lines, line.menuItemId)}
                onEdit={item && hasOptions(item) ? () => setEditing({ line, item }) : undefined}
                unavailable={unavailable.get(cartLineKey(line))}
              />
            );
          })}
        </ul>
        {redeeming && (
          <p className="flex justify-between text-sm text-green-800" data-testid="reward-line">
            <span>Loyalty reward</span>
            <span>−{centsToRand(reward)}</span>
          </p>
        )}
        <p className="flex justify-between border-t border-espresso-200 pt-3 font-semibold">
          <span>Total</span>
          <span data-testid="cart-total">{centsToRand(total)}</span>
        </p>

        <Field id="pickup-time" label="Pickup time">
          {slotsLoading ? (
            <p className="text-sm text-espresso-600">Loading pickup times...</p>
          ) : slotsFailed ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-espresso-700" role="alert">
              Could not load the pickup times.
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  void todaySlots.refetch();
                  void tomorrowSlots.refetch();
                }}
              >
                Try Again
              </Button>
            </p>
          ) : selected === '' ? (
            <p className="text-sm text-espresso-700" role="status">
              {choices.days.length > 0
                ? `Every pickup time at ${shop.name} today and tomorrow is full.`
                : `${shop.name} has no opening hours left today or tomorrow, so there is no pickup time to choose.`}
            </p>
          ) : (
            <>
              <NativeSelect
                id="pickup-time"
                value={selected}
                onChange={(event) => setPickup(event.target.value)}
                aria-describedby="pickup-time-note"
              >
                {choices.asap && (
                  <option value={ASAP}>As soon as possible (about {localClock(choices.asap)})</option>
                )}
                {choices.days.map((day) => (
                  <optgroup key={day.label} label={day.label}>
                    {day.slots.map((slot) => (
                      <option key={slot.at} value={slot.at} disabled={!slot.available}>
                        {slotOptionLabel(day.label, slot)}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </NativeSelect>
              <p
                id="pickup-time-note"
                className={selectedFull ? 'text-sm font-medium text-red-800' : 'text-sm text-espresso-700'}
                data-testid="pickup-note"
              >
                {selectedFull
                  ? 'That time is full: please choose another.'
                  : selected === ASAP && choices.asap
                    ? readyAroundText(choices.asap, now)
                    : pickupAtText(new Date(selected), now)}
              </p>
            </>
          )}
        </Field>

        <Field id="order-notes" label="Notes" hint={`${notes.length}/${MAX_ORDER_NOTES}`}>
          <Textarea
            id="order-notes"
            rows={2}
            maxLength={MAX_ORDER_NOTES}
            placeholder="Oat milk, extra hot…"
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        </Field>

        {canRedeem && card && (
          <RewardSwitch card={card} rewardCents={reward} checked={useReward} onCheckedChange={setUseReward} />
        )}

        {!nothingToPay && (
          <PaymentChoiceField
            shopName={shop.name}
            offered={shop.onlinePayment}
            value={payment}
            onChange={setPickedPayment}
          />
        )}

        {unavailableCount > 0 && (
          <p className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">
            <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {unavailableCount === 1
              ? 'An item in your order is no longer available. Remove it to place your order.'
              : `${unavailableCount} items in your order are no longer available. Remove them to place your order.`}
          </p>
        )}
        {!shop.acceptingOrders && (
          <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <PauseCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            Ordering is paused at {shop.name}: your cart is kept until it resumes.
          </p>
        )}
        {failure && (
          <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">
            {failure}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={!canPlace}>
          {placeOrderLabel(sentPayment, place.isPending || checking ? 'placing' : 'idle')}
        </Button>
        <p className="text-center text-xs text-espresso-500">
          {nothingToPay ? 'Your reward covers this order: nothing to pay.' : checkoutFootnote(payment)}
        </p>
      </form>
      {/* Beside the form, not in it: its own form's submit must not reach Place Order. */}
      {editing && (
        <OptionSheet
          item={editing.item}
          open
          onClose={() => setEditing(null)}
          initialOptionIds={editing.line.options.map((option) => option.id)}
          initialQuantity={editing.line.quantity}
          maxQuantity={
            MAX_LINE_QUANTITY - itemQuantity(cart.lines, editing.line.menuItemId, cartLineKey(editing.line))
          }
          submitLabel="Save changes"
          onSubmit={(options, quantity) => {
            replaceLine(cartLineKey(editing.line), editing.item, options, quantity);
            setEditing(null);
          }}
        />
      )}
    </>
  );
}

/** While the browser loads Paystack's page (and if it is held up): where it is going, as a link too. */
function LeavingForPaystack({ paying }: { paying: PayingOnline }) {
  return (
    <div className="mt-3 space-y-2 rounded-lg bg-espresso-50 p-3 text-sm text-espresso-800" role="status">
      <p>Order #{paying.orderId} is placed. Taking you to Paystack to pay for it…</p>
      <a href={paying.url} className="font-medium underline">
        Continue to payment
      </a>
    </div>
  );
}

/** Order again's lines whose options must be chosen again, one sheet after another (features/orders/reorder.ts). */
function ChooseAgainSheet({ shop, cart }: { shop: Shop; cart: Cart | null }) {
  const next = useNextToChooseAgain(shop.id);
  if (!next) return null;
  return (
    <OptionSheet
      // A new line, a new sheet: its state starts from that line's choices.
      key={`${next.item.id}:${next.optionIds.join(',')}:${next.reason}`}
      item={next.item}
      open
      onClose={doneChoosingAgain}
      initialOptionIds={next.optionIds}
      initialQuantity={next.quantity}
      maxQuantity={MAX_LINE_QUANTITY - itemQuantity(cart?.lines ?? [], next.item.id)}
      notice={next.reason}
      submitLabel="Add to order"
      onSubmit={(options, quantity) => {
        addToCart(shop, next.item, options, quantity);
        doneChoosingAgain();
      }}
    />
  );
}

/**
 * On a phone the cart sits below the whole menu; while it is still further down the page, this bar keeps the
 * count and total in sight and takes the customer down to checkout.
 */
function PhoneCartBar({ cart }: { cart: Cart }) {
  const [cartBelow, setCartBelow] = useState(false);
  // The menu the form below reads too (one cached query): a line sold out meanwhile is said here as well.
  const menu = useMenuItems(cart.shopId);
  const orderable = orderableLines(cart.lines, menu.data);
  const soldOut = cart.lines.length - orderable.length;
  useEffect(() => {
    const panel = document.getElementById('cart');
    if (!panel) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setCartBelow(!entry.isIntersecting && entry.boundingClientRect.top > 0);
    });
    observer.observe(panel);
    return () => observer.disconnect();
  }, []);
  if (!cartBelow) return null;
  const count = cartCount(cart);
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 border-t border-espresso-200 bg-crema/95 p-3 backdrop-blur lg:hidden">
      <Button
        className="w-full justify-between"
        onClick={() =>
          document.getElementById('cart')?.scrollIntoView({ behavior: 'smooth', block: 'start' })
        }
      >
        <span>
          View order · {count} item{count === 1 ? '' : 's'}
          {soldOut > 0 && ` · ${soldOut} sold out`}
        </span>
        <span>{centsToRand(cartTotalCents({ ...cart, lines: orderable }))}</span>
      </Button>
    </div>
  );
}
