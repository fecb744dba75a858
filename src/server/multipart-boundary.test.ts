// Unit tests of the multipart boundary check: present, quoted or not, 1 to 70 characters.
import { expect, test } from 'vitest';
import { isMultipart, multipartBoundary } from './multipart-boundary.js';

test('reads the boundary, quoted or not, whatever the parameters around it', () => {
  expect(multipartBoundary('multipart/form-data; boundary=----WebKitFormBoundaryAbc')).toBe(
    '----WebKitFormBoundaryAbc',
  );
  expect(multipartBoundary('multipart/form-data; charset=utf-8; BOUNDARY="a b"')).toBe('a b');
  expect(multipartBoundary('multipart/form-data;boundary=x;charset=utf-8')).toBe('x');
});

test('no boundary, an empty one or one longer than 70 characters is none', () => {
  expect(multipartBoundary('multipart/form-data')).toBeNull();
  expect(multipartBoundary('multipart/form-data; boundary=')).toBeNull();
  expect(multipartBoundary('multipart/form-data; boundary=""')).toBeNull();
  expect(multipartBoundary('multipart/form-data; charset=utf-8')).toBeNull();
  expect(multipartBoundary(`multipart/form-data; boundary=${'b'.repeat(71)}`)).toBeNull();
});

test('only multipart content types need one', () => {
  expect(isMultipart('multipart/form-data')).toBe(true);
  expect(isMultipart(' Multipart/mixed; boundary=x')).toBe(true);
  expect(isMultipart('application/json')).toBe(false);
  expect(isMultipart(undefined)).toBe(false);
});
