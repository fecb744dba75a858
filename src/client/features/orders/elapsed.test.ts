// The board's elapsed time: amber after 5 minutes pending, red after 8, calm once the order is confirmed.
import { expect, test } from 'vitest';
import { elapsedLabel, elapsedMinutes, elapsedTone } from './elapsed';

const placed = '2026-11-25T05:30:00.000Z';
const after = (minutes: number, seconds = 0) =>
  new Date(new Date(placed).getTime() + minutes * 60_000 + seconds * 1000);

test('a pending order is calm until 5 minutes, amber from 5, red from 8', () => {
  expect(elapsedTone({ status: 'pending', createdAt: placed }, after(4, 59))).toBe('calm');
  expect(elapsedTone({ status: 'pending', createdAt: placed }, after(5))).toBe('amber');
  expect(elapsedTone({ status: 'pending', createdAt: placed }, after(7, 59))).toBe('amber');
  expect(elapsedTone({ status: 'pending', createdAt: placed }, after(8))).toBe('red');
});

test('a confirmed or preparing order is never coloured, however long ago it was placed', () => {
  expect(elapsedTone({ status: 'confirmed', createdAt: placed }, after(20))).toBe('calm');
  expect(elapsedTone({ status: 'preparing', createdAt: placed }, after(20))).toBe('calm');
});

test('elapsed minutes are whole, and never negative when the device clock runs behind', () => {
  expect(elapsedMinutes(placed, after(3, 59))).toBe(3);
  expect(elapsedMinutes(placed, after(-1))).toBe(0);
});

test('the label reads as a person would say it', () => {
  expect(elapsedLabel(0)).toBe('Just now');
  expect(elapsedLabel(7)).toBe('7 min');
  expect(elapsedLabel(65)).toBe('1 h 05 min');
});
