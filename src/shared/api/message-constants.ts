// The chat contract's constants without its schemas: the live connection and the message hooks load with the
// first script, which must not carry zod (see shop-constants.ts).
export const MAX_MESSAGE_LENGTH = 2000;
export const MESSAGE_PAGE_SIZE = 50;
export const CONVERSATION_PREVIEW_LENGTH = 50;
export const CONVERSATION_POLL_MS = 5000;
export const RECONNECT_DELAY_MS = 3000;
/** The most shops one socket may watch for live updates (issue 31): a page of cards and the open shop, with room. */
export const MAX_WATCHED_SHOPS = 100;
