// A busy shop's pickup rule (issue 30), shared by the checkout and the server so they agree: the earliest pickup
// is now + the shop's prep minutes (+ its busy delay while that runs); pickups fall in 15-minute slots on the
// shop's clock, each holding at most maxOrdersPerSlot orders; ASAP is the first instant from the earliest pickup
// at which the shop is open and the slot has room. Pure: the clock, the hours and the slots' counts are arguments.
import { TZDate } from '@date-fns/tz';
import { PICKUP_SLOT_MINUTES } from '../api/order-constants.js';
import { addDaysToDate, formatLocal, localDateOf } from './local-date.js';
import { SHOP_TIME_ZONE, type SpecialHours, type WeeklyHours } from './opening-hours.js';
import { isPickupOpen } from './pickup.js';

const MINUTE = 60_000;
const SLOT_MS = PICKUP_SLOT_MINUTES * MINUTE;
/** A time the checkout worked out a moment ago is still accepted: the request took a while to arrive. */
export const PICKUP_GRACE_MINUTES = 2;

/** A shop's pace: how soon it can have an order ready and how many it takes per slot. */
export interface ShopPace {
  prepMinutes: number;
  maxOrdersPerSlot: number | null;
  busyExtraMinutes: number | null;
  busyUntil: Date | string | null;
}

export interface SlotRuleInput {
  weekly: WeeklyHours[];
  special: SpecialHours[];
  now: Date;
  pace: ShopPace;
  /** Orders already in each slot: slot start (ms since the epoch) → count. */
  taken: ReadonlyMap<number, number>;
}

export interface PickupSlot {
  at: string;
  available: boolean;
  /** Places left; null when the shop sets no limit. */
  remaining: number | null;
}

export interface PickupSlots {
  asap: { available: boolean; at: string | null };
  slots: PickupSlot[];
}

/** The busy delay in force at `now`: it ends by itself at busyUntil. */
export function busyMinutesAt(pace: ShopPace, now: Date): number {
  if (!pace.busyExtraMinutes || !pace.busyUntil) return 0;
  return new Date(pace.busyUntil).getTime() > now.getTime() ? pace.busyExtraMinutes : 0;
}

/** The earliest time an order placed now can be picked up, on a whole minute (10:12, not 10:11:37.2). */
export function earliestPickup(pace: ShopPace, now: Date): Date {
  const at = now.getTime() + (pace.prepMinutes + busyMinutesAt(pace, now)) * MINUTE;
  return new Date(Math.ceil(at / MINUTE) * MINUTE);
}

/** The start of the 15-minute slot holding `at` (Johannesburg is whole hours from UTC: UTC quarter hours). */
export function slotStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / SLOT_MS) * SLOT_MS);
}

function remainingIn(input: SlotRuleInput, slot: Date): number | null {
  const { maxOrdersPerSlot } = input.pace;
  if (maxOrdersPerSlot === null) return null;
  return Math.max(0, maxOrdersPerSlot - (input.taken.get(slot.getTime()) ?? 0));
}

function hasRoom(input: SlotRuleInput, at: Date): boolean {
  const remaining = remainingIn(input, slotStart(at));
  return remaining === null || remaining > 0;
}

/** Local midnight starting this local date, as an instant. */
function startOfLocalDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, 0, 0, SHOP_TIME_ZONE).getTime());
}

/**
 * The first instant from the earliest pickup (or from `after`, when later) at which the shop is open and the slot
 * has room, looking until the end of tomorrow; null when there is none.
 */
export function nextFreePickup(input: SlotRuleInput, after?: Date): Date | null {
  const soonest = earliestPickup(input.pace, input.now);
  const earliest = after && after.getTime() > soonest.getTime() ? after : soonest;
  if (isPickupOpen(input.weekly, input.special, earliest) && hasRoom(input, earliest)) return earliest;
  const end = startOfLocalDate(addDaysToDate(localDateOf(input.now), 2)).getTime();
  for (let at = slotStart(earliest).getTime() + SLOT_MS; at < end; at += SLOT_MS) {
    const slot = new Date(at);
    if (isPickupOpen(input.weekly, input.special, slot) && hasRoom(input, slot)) return slot;
  }
  return null;
}

/** ASAP and the slots of one local date (today or tomorrow), from the earliest pickup on; full slots marked. */
export function pickupSlots(input: SlotRuleInput & { date: string }): PickupSlots {
  const earliest = earliestPickup(input.pace, input.now).getTime();
  const end = startOfLocalDate(addDaysToDate(input.date, 1)).getTime();
  const slots: PickupSlot[] = [];
  for (let at = startOfLocalDate(input.date).getTime(); at < end; at += SLOT_MS) {
    if (at < earliest) continue;
    const slot = new Date(at);
    if (!isPickupOpen(input.weekly, input.special, slot)) continue;
    const remaining = remainingIn(input, slot);
    slots.push({ at: slot.toISOString(), available: remaining === null || remaining > 0, remaining });
  }
  const asap = nextFreePickup(input);
  return { asap: { available: asap !== null, at: asap?.toISOString() ?? null }, slots };
}

/** 'at 10:45' today, 'tomorrow at 07:30', else 'on Friday at 07:30', in the shop's time. */
export function pickupLabel(at: Date, now: Date): string {
  const local = new TZDate(at.getTime(), SHOP_TIME_ZONE);
  const time = formatLocal(local, 'HH:mm');
  const day = localDateOf(at);
  if (day === localDateOf(now)) return time;
  if (day === addDaysToDate(localDateOf(now), 1)) return `tomorrow at ${time}`;
  return `${formatLocal(local, 'EEEE')} at ${time}`;
}

/**
 * Why this pickup time cannot be taken by a busy shop's rule (too soon, or its slot full), naming the next free
 * time; null when it can. The hours themselves are pickup.ts's pickupTimeProblem.
 */
export function pickupCapacityProblem(input: SlotRuleInput & { pickupTime: Date }): string | null {
  const earliest = earliestPickup(input.pace, input.now);
  const tooSoon = input.pickupTime.getTime() < earliest.getTime() - PICKUP_GRACE_MINUTES * MINUTE;
  if (!tooSoon && hasRoom(input, input.pickupTime)) return null;
  // Too soon: the earliest pickup. Full: the next free one after the time asked for.
  const next = nextFreePickup(input, tooSoon ? undefined : input.pickupTime);
  const nextText = next
    ? `the next free pickup is ${pickupLabel(next, input.now)}`
    : 'there is no free pickup soon';
  return tooSoon ? `That time is too soon — ${nextText}` : `That time is full — ${nextText}`;
}
