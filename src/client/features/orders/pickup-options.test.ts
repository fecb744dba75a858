// The checkout offers what the server's slot answers say, with the cart's own preparation as a floor.
import type { PickupSlots } from '@shared/domain/pickup-slots';
import { expect, test } from 'vitest';
import {
  checkoutPickup,
  pickupAtText,
  readyAroundText,
  resolvePickupChoice,
  slotOptionLabel,
} from './pickup-options';

// 07:40 on Wednesday 25 November in Johannesburg (UTC+2).
const now = new Date('2026-11-25T05:40:00Z');
const at = (utc: string) => new Date(`2026-11-25T${utc}:00.000Z`).toISOString();

function answer(asap: string | null, slots: [string, boolean][]): PickupSlots {
  return {
    asap: { available: asap !== null, at: asap },
    slots: slots.map(([time, available]) => ({ at: time, available, remaining: available ? 1 : 0 })),
  };
}

test("ASAP is the server's time when the cart needs no longer, and today's slots are listed with full ones marked", () => {
  const today = answer(at('05:50'), [
    [at('06:00'), false],
    [at('06:15'), true],
  ]);
  const pickup = checkoutPickup({ today, tomorrow: answer(at('05:50'), []), now, itemMinutes: 5 });
  expect(pickup.asap?.toISOString()).toBe(at('05:50'));
  expect(pickup.days).toEqual([{ label: 'Today', slots: today.slots }]);
  expect(slotOptionLabel('Today', today.slots[0]!)).toBe('Today 08:00 (full)');
  expect(slotOptionLabel('Today', today.slots[1]!)).toBe('Today 08:15');
});

test('a slow item moves ASAP to the first moment far enough away in a slot with room, skipping a full one', () => {
  const today = answer(at('05:50'), [
    [at('06:00'), false],
    [at('06:15'), true],
  ]);
  // 25 minutes from 07:40 is 08:05, in the full 08:00 slot: the next slot with room is 08:15.
  const pickup = checkoutPickup({ today, tomorrow: undefined, now, itemMinutes: 25 });
  expect(pickup.asap?.toISOString()).toBe(at('06:15'));
  // Slots sooner than the item's preparation are not offered at all.
  expect(pickup.days[0]!.slots.map((slot) => slot.at)).toEqual([at('06:15')]);
});

test("a slow item whose time falls in the server's ASAP slot keeps that slot, at the later minute", () => {
  const today = answer(at('05:46'), [[at('06:00'), true]]);
  const pickup = checkoutPickup({ today, tomorrow: undefined, now, itemMinutes: 12 });
  expect(pickup.asap?.toISOString()).toBe(at('05:52'));
});

test('no free time at all: no ASAP, and a day without slots is left out', () => {
  const pickup = checkoutPickup({
    today: answer(null, [[at('06:00'), false]]),
    tomorrow: answer(null, []),
    now,
    itemMinutes: 0,
  });
  expect(pickup.asap).toBeNull();
  expect(pickup.days.map((day) => day.label)).toEqual(['Today']);
});

test('the ready time reads on the shop clock, saying tomorrow when it is', () => {
  expect(readyAroundText(new Date(at('05:50')), now)).toBe('Ready around 07:50');
  expect(readyAroundText(new Date('2026-11-26T05:30:00Z'), now)).toBe('Ready tomorrow around 07:30');
  expect(pickupAtText(new Date(at('06:15')), now)).toBe('Pickup today at 08:15');
  expect(pickupAtText(new Date('2026-11-25T22:15:00Z'), now)).toBe('Pickup tomorrow at 00:15');
});

test('a chosen slot that filled up stays chosen; one that passed falls back to ASAP, or the first free slot', () => {
  const pickup = checkoutPickup({
    today: answer(at('05:50'), [
      [at('06:00'), false],
      [at('06:15'), true],
    ]),
    tomorrow: undefined,
    now,
    itemMinutes: 0,
  });
  expect(resolvePickupChoice(at('06:00'), pickup, 'asap')).toBe(at('06:00'));
  expect(resolvePickupChoice(at('05:30'), pickup, 'asap')).toBe('asap');
  const noAsap = { ...pickup, asap: null };
  expect(resolvePickupChoice('asap', noAsap, 'asap')).toBe(at('06:15'));
  expect(resolvePickupChoice('asap', { asap: null, days: [] }, 'asap')).toBe('');
});
