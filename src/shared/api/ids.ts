// Row ids are PostgreSQL integers: a larger number names nothing, and reaching the database it would fail as a
// 500. Every id a client sends is checked against this first, so it is a 400 that says so.
export const MAX_ID = 2_147_483_647;
