// Rand amounts a client sends: a number or plain decimal text with at most two decimals, parsed to integer cents
// (CONVENTIONS rule 16). Menu prices and option prices share this one parser, so '1e3', '12.' and 'R12' are refused
// the same way everywhere.
import { z } from 'zod';

interface RandRule {
  /** The field's name in messages: 'price must be a number'. */
  field: string;
  /** Whether R0.00 is allowed (an option that costs nothing extra) or the amount must be above 0 (an item). */
  allowZero: boolean;
  maxRand: number;
}

export function randAmount({ field, allowZero, maxRand }: RandRule) {
  return z.union([z.number(), z.string()], { message: `${field} is required` }).transform((value, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message: `${field} ${message}` });
      return z.NEVER;
    };
    const text = typeof value === 'number' ? String(value) : value.trim();
    // Plain decimal notation only: '1e3', '12.', 'R12' and '' are not amounts a person types.
    if (!/^-?(\d+(\.\d+)?|\.\d+)$/.test(text) || !Number.isFinite(Number(text)))
      return fail('must be a number');
    if (text.startsWith('-') && Number(text) !== 0)
      return fail(allowZero ? 'must be 0 or more' : 'must be more than 0');
    if (!allowZero && Number(text) === 0) return fail('must be more than 0');
    if (!/^-?\d*(\.\d{1,2})?$/.test(text)) return fail('must have at most two decimals');
    const cents = Math.abs(Math.round(Number(text) * 100));
    if (!allowZero && cents <= 0) return fail('must be more than 0');
    if (cents > maxRand * 100) return fail(`must be at most R${maxRand}`);
    return cents;
  });
}
