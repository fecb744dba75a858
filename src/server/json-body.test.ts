// Unit tests of the JSON body parser: nesting depth counted outside strings, empty bodies, NUL named, bad JSON.
import { expect, test } from 'vitest';
import { isNestedDeeperThan, MAX_JSON_DEPTH, parseJsonBody, TOO_DEEP_MESSAGE } from './json-body.js';

const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

test('counts arrays and objects together, and only outside strings', () => {
  expect(isNestedDeeperThan(nested(3), 3)).toBe(false);
  expect(isNestedDeeperThan(nested(4), 3)).toBe(true);
  expect(isNestedDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
  expect(isNestedDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
  expect(isNestedDeeperThan('["[[[[", "{{{{", "\\"[[[["]', 1)).toBe(false);
  expect(isNestedDeeperThan('["\\\\", [[1]]]', 2)).toBe(true); // an escaped backslash ends before the quote
  expect(isNestedDeeperThan('[1],[2],[3]', 1)).toBe(false); // siblings do not add up
});

test(`a body nested ${MAX_JSON_DEPTH} deep is parsed, one more is a 400 before JSON.parse`, () => {
  expect(parseJsonBody(nested(MAX_JSON_DEPTH))).toBeInstanceOf(Array);
  expect(() => parseJsonBody(nested(MAX_JSON_DEPTH + 1))).toThrow(TOO_DEEP_MESSAGE);
  expect(() => parseJsonBody(nested(100_000))).toThrow(expect.objectContaining({ statusCode: 400 }));
});

test('an empty body is no body; bad JSON and NUL are 400s, NUL naming its field', () => {
  expect(parseJsonBody('  ')).toBeUndefined();
  expect(() => parseJsonBody('{"a":')).toThrow('The request body is not valid JSON');
  expect(() => parseJsonBody('{"items":[{"note":"a\\u0000"}]}')).toThrow(
    'items.0.note: must not contain a NUL character',
  );
  expect(parseJsonBody('{"path":"C:\\\\u0000"}')).toEqual({ path: 'C:\\u0000' });
});
