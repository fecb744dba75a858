// The checkout's payment choice: the shop's setting decides what may be picked, and the button says what comes next.
import { expect, test } from 'vitest';
import { checkoutFootnote, effectivePaymentChoice, placeOrderLabel } from './payment-choice';

test('a shop without online payment is paid at the counter whatever was picked', () => {
  expect(effectivePaymentChoice('off', 'online')).toBe('counter');
  expect(effectivePaymentChoice('off', 'counter')).toBe('counter');
});

test('a shop that requires online payment is paid now whatever was picked', () => {
  expect(effectivePaymentChoice('required', 'counter')).toBe('online');
});

test('where both are offered, the customer’s pick counts', () => {
  expect(effectivePaymentChoice('optional', 'online')).toBe('online');
  expect(effectivePaymentChoice('optional', 'counter')).toBe('counter');
});

test('the counter keeps today’s button and line; paying now says so', () => {
  expect(placeOrderLabel('counter', 'idle')).toBe('Place Order');
  expect(checkoutFootnote('counter')).toBe('Pay at the counter when you collect.');
  expect(placeOrderLabel('online', 'idle')).toBe('Place Order and Pay');
  expect(checkoutFootnote('online')).toMatch(/Paystack/);
});

test('while placing, the button says so whichever way the order is paid', () => {
  expect(placeOrderLabel('counter', 'placing')).toBe('Placing order...');
  expect(placeOrderLabel('online', 'placing')).toBe('Placing order...');
});
