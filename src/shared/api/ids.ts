// Row ids a client sends. They are PostgreSQL integers: a larger number names nothing, and reaching the database it
// would fail as a 500, so every id is checked here first and a bad one is a 400 that names the field.
import { z } from 'zod';

export const MAX_ID = 2_147_483_647;

/** An id in a JSON body: a number, whole, positive, within PostgreSQL's integers. */
export function bodyId(field: string) {
  return z
    .number({ message: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} must be a positive number`)
    .max(MAX_ID, `${field} is too large`);
}

/** An id in a path or query string: the same, read from text. */
export function pathId(field: string) {
  return z.coerce
    .number({ message: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} must be a positive number`)
    .max(MAX_ID, `${field} is too large`);
}
