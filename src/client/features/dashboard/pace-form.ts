// The Orders tab of a shop's Edit dialog (issue 30), as a form: prep minutes, a limit per 15-minute slot or none,
// auto-cancel minutes. What the owner typed goes to the server as typed (its schema is the one rule, with the ranges
// of shared/api/shop-constants.ts); a 400 names the field, and each message is shown under its field, in the
// field's own words. Pure.
import type { Shop } from '@shared/api/shops';

export interface PaceForm {
  prepMinutes: string;
  hasSlotLimit: boolean;
  maxOrdersPerSlot: string;
  autoCancelMinutes: string;
}

export type PaceField = 'prepMinutes' | 'maxOrdersPerSlot' | 'autoCancelMinutes';

export const paceFieldLabels: Record<PaceField, string> = {
  prepMinutes: 'Prep time',
  maxOrdersPerSlot: 'Orders per slot',
  autoCancelMinutes: 'Auto-cancel time',
};

/** A new limit starts at a number a small café can keep up with. */
const SUGGESTED_SLOT_LIMIT = '5';

export function paceFormFrom(
  shop: Pick<Shop, 'prepMinutes' | 'maxOrdersPerSlot' | 'autoCancelMinutes'>,
): PaceForm {
  return {
    prepMinutes: String(shop.prepMinutes),
    hasSlotLimit: shop.maxOrdersPerSlot !== null,
    maxOrdersPerSlot: String(shop.maxOrdersPerSlot ?? SUGGESTED_SLOT_LIMIT),
    autoCancelMinutes: String(shop.autoCancelMinutes),
  };
}

/** A whole number as typed, or the text itself, for the server to refuse by name (never a silent null). */
function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The PUT body: the three settings, 'no limit' as null. */
export function paceBody(form: PaceForm): Record<PaceField, number | string | null> {
  return {
    prepMinutes: numberOrText(form.prepMinutes),
    maxOrdersPerSlot: form.hasSlotLimit ? numberOrText(form.maxOrdersPerSlot) : null,
    autoCancelMinutes: numberOrText(form.autoCancelMinutes),
  };
}

/**
 * A refusal's message split by the field it names ('prepMinutes must be a whole number from 5 to 60; …'), each
 * reworded with the field's label ('Prep time must be …'); what names no field stays general.
 */
export function paceErrors(message: string): {
  fields: Partial<Record<PaceField, string>>;
  general: string | null;
} {
  const fields: Partial<Record<PaceField, string>> = {};
  const general: string[] = [];
  for (const part of message.split('; ')) {
    const field = (Object.keys(paceFieldLabels) as PaceField[]).find((name) =>
      new RegExp(`^${name}\\b:? ?`).test(part),
    );
    if (!field) general.push(part);
    else fields[field] ??= `${paceFieldLabels[field]} ${part.replace(new RegExp(`^${field}:? ?`), '')}`;
  }
  return { fields, general: general.length > 0 ? general.join('; ') : null };
}
