// The app's JSON body parser: strangers' bytes cost one linear pass before JSON.parse (nesting depth, NUL).
import { findNul, jsonHasNul, NUL_MESSAGE } from '../shared/api/text.js';
import { HttpError } from './http-error.js';

/** Deepest nesting of arrays and objects a body may have: the app's own bodies nest a few levels at most. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = 'The request body is nested too deeply';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text nests arrays and objects deeper than `maxDepth`: one pass over its characters, brackets in
 * strings not counted. Run before JSON.parse, so a body 100,000 brackets deep is never built, nor walked by code
 * that recurses (a stack overflow, answered 500 before issue 33).
 */
export function isNestedDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) depth -= 1;
  }
  return false;
}

/**
 * A JSON body's value; undefined for an empty body (the spec's client sends a JSON content type on every call,
 * bodiless DELETEs included). Throws a 400 HttpError for nesting past MAX_JSON_DEPTH, invalid JSON, or U+0000
 * in any string (PostgreSQL text cannot hold it), naming the field.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  if (isNestedDeeperThan(text, MAX_JSON_DEPTH)) throw new HttpError(400, TOO_DEEP_MESSAGE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
  // Found by one pass over the text; only then is the parsed value walked, to name the field.
  if (jsonHasNul(text)) throw new HttpError(400, `${findNul(parsed) ?? 'body'}: ${NUL_MESSAGE}`);
  return parsed;
}
