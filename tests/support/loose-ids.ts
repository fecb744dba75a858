// Spellings of an id that Number() reads as that id ('0x10' as 16): a path or query string must refuse each.
export const looseIdSpellings: ((id: number) => string)[] = [
  (id) => `0x${id.toString(16)}`,
  (id) => `${id}e0`,
  (id) => `${id}.0`,
  (id) => `+${id}`,
  (id) => `%20${id}`, // URL-encoded spaces around it
  (id) => `${id}%20`,
  (id) => `0b${id.toString(2)}`,
];
