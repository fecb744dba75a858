// Row ids a client sends. They are PostgreSQL integers: a larger number names nothing, and reaching the database it
// would fail as a 500, so every id is checked here first and a bad one is a 400 that names the field.
import { z } from 'zod';

export const MAX_ID = 2_147_483_647;

/**
 * An id in a JSON body: a JSON number, whole, positive, within PostgreSQL's integers. Nothing is converted: true,
 * [1] and '1' are not ids (a coercing schema read them all as 1, issue 33).
 */
export function bodyId(field: string) {
  return z
    .number({ message: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} must be a positive number`)
    .max(MAX_ID, `${field} is too large`);
}

/** Plain decimal digits, the only way a path or query string spells an id. */
const DIGITS = /^\d+$/;

/**
 * An id in a path or query string: plain decimal digits, then the checks of a body id. Number() alone would read
 * '0x10' as 16, '1e3' as 1000 and ' 1', '+1', '1.0' as 1: many spellings of one row, none of which a client
 * means (DELETE /api/menu-items/0x10 deleted item 16).
 */
export function pathId(field: string) {
  return z
    .string({ message: `${field} must be a number` })
    .regex(DIGITS, `${field} must be a whole number written in digits`)
    .transform(Number)
    .pipe(bodyId(field));
}
