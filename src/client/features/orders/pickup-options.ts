// The checkout's pickup choices from the server's slot answers (issue 30: GET /api/coffee-shops/{id}/pickup-slots
// for today and tomorrow): ASAP with the time the order will be ready, each day's slots with the full ones marked.
// The cart's longest preparation time stays a floor, as it was before slots came from the server: a slot the shop's
// pace allows can still be too soon for a slow item. Pure: the answers and the clock are arguments.

import { PICKUP_SLOT_MINUTES } from '@shared/api/order-constants';
import { localDateOf } from '@shared/domain/local-date';
import type { PickupSlot, PickupSlots } from '@shared/domain/pickup-slots';
import { localClock } from './order-time';

const MINUTE = 60_000;
const SLOT_MS = PICKUP_SLOT_MINUTES * MINUTE;

export interface PickupDay {
  label: 'Today' | 'Tomorrow';
  slots: PickupSlot[];
}

export interface CheckoutPickup {
  /** When 'As soon as possible' will be ready; null when no time is free today or tomorrow. */
  asap: Date | null;
  days: PickupDay[];
}

const slotStartOf = (at: number) => Math.floor(at / SLOT_MS) * SLOT_MS;

/**
 * Today's and tomorrow's answers as the checkout offers them. Slots sooner than the cart's own preparation are
 * left out. ASAP is the server's, unless the cart needs longer: then the first moment at least that far away in a
 * slot with room.
 */
export function checkoutPickup(input: {
  today: PickupSlots | undefined;
  tomorrow: PickupSlots | undefined;
  now: Date;
  /** The longest preparation time among the cart's items (0 when they say none). */
  itemMinutes: number;
}): CheckoutPickup {
  const floor = Math.ceil((input.now.getTime() + input.itemMinutes * MINUTE) / MINUTE) * MINUTE;
  const days: PickupDay[] = [];
  const answers = [
    ['Today', input.today],
    ['Tomorrow', input.tomorrow],
  ] as const;
  for (const [label, answer] of answers) {
    const slots = (answer?.slots ?? []).filter((slot) => new Date(slot.at).getTime() >= floor);
    if (slots.length > 0) days.push({ label, slots });
  }
  const serverAsap = input.today?.asap.at ?? input.tomorrow?.asap.at ?? null;
  return { asap: asapFrom(serverAsap, floor, days), days };
}

function asapFrom(serverAsap: string | null, floor: number, days: PickupDay[]): Date | null {
  if (!serverAsap) return null;
  const asap = new Date(serverAsap).getTime();
  if (asap >= floor) return new Date(asap);
  // The server's ASAP slot had room; so has the floor's slot when it is the same one, or listed with room.
  const slots = days.flatMap((day) => day.slots);
  const floorSlot = slotStartOf(floor);
  const floorSlotFree =
    floorSlot === slotStartOf(asap) ||
    slots.some((slot) => new Date(slot.at).getTime() === floorSlot && slot.available);
  if (floorSlotFree) return new Date(floor);
  const next = slots.find((slot) => slot.available && new Date(slot.at).getTime() > floor);
  return next ? new Date(next.at) : null;
}

/** What the customer is told before confirming: 'Ready around 07:50', or 'Ready tomorrow around 07:30'. */
export function readyAroundText(at: Date, now: Date): string {
  return localDateOf(at) === localDateOf(now)
    ? `Ready around ${localClock(at)}`
    : `Ready tomorrow around ${localClock(at)}`;
}

/** A chosen slot, said back: 'Pickup today at 08:15', 'Pickup tomorrow at 07:30'. */
export function pickupAtText(at: Date, now: Date): string {
  return `Pickup ${localDateOf(at) === localDateOf(now) ? 'today' : 'tomorrow'} at ${localClock(at)}`;
}

/** A slot as the picker lists it: 'Today 10:45', and '(full)' after one with no room left. */
export function slotOptionLabel(day: PickupDay['label'], slot: PickupSlot): string {
  const label = `${day} ${localClock(new Date(slot.at))}`;
  return slot.available ? label : `${label} (full)`;
}

/**
 * Where the chosen value stands now: ASAP while there is one; a listed slot (full or not: a slot that filled up
 * stays chosen and says so, rather than silently becoming another time); else, for a slot that has passed, the
 * first choice still possible, or '' when there is none.
 */
export function resolvePickupChoice(chosen: string, pickup: CheckoutPickup, asapValue: string): string {
  if (chosen === asapValue && pickup.asap) return asapValue;
  const slots = pickup.days.flatMap((day) => day.slots);
  if (slots.some((slot) => slot.at === chosen)) return chosen;
  if (pickup.asap) return asapValue;
  return slots.find((slot) => slot.available)?.at ?? '';
}
