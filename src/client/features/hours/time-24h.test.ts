import { describe, expect, test } from 'vitest';
import { openingTimesProblem, parseTime24 } from './time-24h';

describe('a typed opening time', () => {
  test('reads as 24-hour HH:MM however South Africans type it', () => {
    expect(parseTime24('07:00')).toBe('07:00');
    expect(parseTime24('7:30')).toBe('07:30');
    expect(parseTime24('7')).toBe('07:00');
    expect(parseTime24('17')).toBe('17:00');
    expect(parseTime24('730')).toBe('07:30');
    expect(parseTime24('1730')).toBe('17:30');
    expect(parseTime24('07h30')).toBe('07:30');
    expect(parseTime24('17.30')).toBe('17:30');
    expect(parseTime24(' 8h ')).toBe('08:00');
    expect(parseTime24('00:00')).toBe('00:00');
    expect(parseTime24('23:59')).toBe('23:59');
  });

  test('is no time when it is not a time of day', () => {
    for (const typed of ['', ' ', '24:00', '7:60', '25', '12345', '5:30 PM', 'noon', '7:3', '-1', '7::30'])
      expect(parseTime24(typed), typed).toBeNull();
  });
});

describe("a day's opening times", () => {
  test('will do when both are times and it opens before it closes', () => {
    expect(openingTimesProblem('07:00', '17:30')).toBeNull();
    expect(openingTimesProblem('7', '1730')).toBeNull();
  });

  test('say which time is missing or wrong, and in which box', () => {
    expect(openingTimesProblem('', '')).toMatchObject({ message: /opening and closing times/, at: 'both' });
    expect(openingTimesProblem('', '17:00')).toMatchObject({
      message: /^Enter the opening time as HH:MM/,
      at: 'open',
    });
    expect(openingTimesProblem('07:00', '5:30 PM')).toMatchObject({
      message: /^Enter the closing time as HH:MM/,
      at: 'close',
    });
  });

  test('refuse a closing time that is not after the opening time, marking both', () => {
    const problem = { message: 'The opening time must be before the closing time.', at: 'both' };
    expect(openingTimesProblem('17:00', '07:00')).toEqual(problem);
    expect(openingTimesProblem('09:00', '09:00')).toEqual(problem);
  });
});
