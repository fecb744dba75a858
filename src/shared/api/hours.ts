// The opening-hours contract (spec §3 Business hours, §7 Menu and hours, §9 defaults and presets) and the
// special days that override them (holidays, one-off changes).
import { z } from 'zod';
import { bodyId, pathId } from './ids.js';
import { safeText } from './text.js';

/** 'HH:MM', 24-hour, 00:00–23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const DEFAULT_OPEN_TIME = '09:00';
export const DEFAULT_CLOSE_TIME = '17:00';
/** How far ahead a special day may be set. */
export const MAX_SPECIAL_DAY_AHEAD_DAYS = 366;

export const businessHours = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  /** 0 Sunday … 6 Saturday. */
  dayOfWeek: z.number().int(),
  openTime: z.string().nullable(),
  closeTime: z.string().nullable(),
  isClosed: z.boolean(),
});
export type BusinessHours = z.infer<typeof businessHours>;

export const specialDay = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  /** Africa/Johannesburg calendar date, 'YYYY-MM-DD'. */
  date: z.string(),
  isClosed: z.boolean(),
  openTime: z.string().nullable(),
  closeTime: z.string().nullable(),
  note: z.string().nullable(),
});
export type SpecialDay = z.infer<typeof specialDay>;

export const hoursShopParams = z.object({ shopId: pathId('shopId') });
export const hoursParams = z.object({ id: pathId('id') });

// An empty time field of a form ('') is no time, like null: a closed day's row may send it.
const time = (name: string) =>
  z
    .preprocess(
      (value) => (value === '' ? null : value),
      z
        .string({ message: `${name} must be a time HH:MM` })
        .regex(TIME_PATTERN, `${name} must be a time HH:MM between 00:00 and 23:59`)
        .nullish(),
    )
    .transform((value) => value ?? null);

/** Open before close unless closed; a closed day keeps no times. */
function checkTimes<T extends { isClosed: boolean; openTime: string | null; closeTime: string | null }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.isClosed) return;
  if (!value.openTime) ctx.addIssue({ code: 'custom', message: 'openTime is required', path: ['openTime'] });
  else if (!value.closeTime)
    ctx.addIssue({ code: 'custom', message: 'closeTime is required', path: ['closeTime'] });
  else if (value.openTime >= value.closeTime)
    ctx.addIssue({ code: 'custom', message: 'openTime must be before closeTime', path: ['openTime'] });
}

const withoutTimesWhenClosed = <
  T extends { isClosed: boolean; openTime: string | null; closeTime: string | null },
>(
  value: T,
): T => (value.isClosed ? { ...value, openTime: null, closeTime: null } : value);

export const businessHoursBody = z
  .object({
    shopId: bodyId('shopId'),
    dayOfWeek: z
      .number({ message: 'dayOfWeek must be a whole number from 0 to 6' })
      .int('dayOfWeek must be a whole number from 0 to 6')
      .min(0, 'dayOfWeek must be a whole number from 0 to 6')
      .max(6, 'dayOfWeek must be a whole number from 0 to 6'),
    openTime: time('openTime'),
    closeTime: time('closeTime'),
    isClosed: z.boolean({ message: 'isClosed must be true or false' }).default(false),
  })
  .superRefine(checkTimes)
  .transform(withoutTimesWhenClosed);
export type BusinessHoursBody = z.input<typeof businessHoursBody>;

export const specialDayBody = z
  .object({
    shopId: bodyId('shopId'),
    date: z.iso.date({ message: 'date must be a date YYYY-MM-DD' }),
    isClosed: z.boolean({ message: 'isClosed must be true or false' }).default(false),
    openTime: time('openTime'),
    closeTime: time('closeTime'),
    note: safeText('note must be text')
      .trim()
      .max(100, 'note must be at most 100 characters')
      .nullish()
      .transform((value) => (value ? value : null)),
  })
  .superRefine(checkTimes)
  .transform(withoutTimesWhenClosed);
export type SpecialDayBody = z.input<typeof specialDayBody>;

/**
 * The quick presets of spec §9: which days they set, and to what; and what they do to the other days, said on the
 * button (issue 32), so an owner is never surprised by a Saturday that was closed or left open.
 */
export const hourPresets = [
  {
    label: 'Weekdays 09:00–17:00',
    days: [1, 2, 3, 4, 5],
    openTime: '09:00',
    closeTime: '17:00',
    otherDays: 'closed',
    effect: 'Saturday and Sunday closed',
  },
  {
    label: 'Weekdays 08:00–18:00',
    days: [1, 2, 3, 4, 5],
    openTime: '08:00',
    closeTime: '18:00',
    otherDays: 'closed',
    effect: 'Saturday and Sunday closed',
  },
  {
    label: 'Weekends 10:00–16:00',
    days: [0, 6],
    openTime: '10:00',
    closeTime: '16:00',
    otherDays: 'unchanged',
    effect: 'Monday to Friday unchanged',
  },
] as const;
