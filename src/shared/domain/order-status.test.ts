// Unit tests of the order status machine: owner moves, the customer's one move, and the status sentences.
import { expect, test } from 'vitest';
import {
  canActorMove,
  customerActions,
  orderStatuses,
  orderStatusLabel,
  orderStatusMessage,
  ownerActions,
} from './order-status.js';

test('an owner moves an order only along the spec’s table', () => {
  expect(canActorMove('owner', 'pending', 'confirmed')).toBe(true);
  expect(canActorMove('owner', 'pending', 'cancelled')).toBe(true);
  expect(canActorMove('owner', 'confirmed', 'preparing')).toBe(true);
  expect(canActorMove('owner', 'preparing', 'ready')).toBe(true);
  expect(canActorMove('owner', 'ready', 'completed')).toBe(true);
  expect(canActorMove('owner', 'pending', 'ready')).toBe(false);
  expect(canActorMove('owner', 'confirmed', 'cancelled')).toBe(false);
  expect(canActorMove('owner', 'completed', 'pending')).toBe(false);
});

test('a customer may only cancel a pending order', () => {
  expect(customerActions('pending')).toEqual([{ to: 'cancelled', action: 'Cancel' }]);
  expect(canActorMove('customer', 'pending', 'cancelled')).toBe(true);
  expect(canActorMove('customer', 'pending', 'confirmed')).toBe(false);
  for (const status of orderStatuses.filter((status) => status !== 'pending')) {
    expect(customerActions(status)).toEqual([]);
    expect(canActorMove('customer', status, 'cancelled')).toBe(false);
  }
});

test('finished orders offer nobody an action', () => {
  expect(ownerActions('completed')).toEqual([]);
  expect(ownerActions('cancelled')).toEqual([]);
});

test('each status reads as a sentence about the order', () => {
  expect(orderStatusMessage(12, 'ready')).toBe('Order #12 is ready for pickup');
  expect(orderStatusMessage(12, 'pending')).toBe('Order #12 has been placed');
  expect(orderStatusMessage(7, 'confirmed')).toBe('Order #7 has been confirmed');
  expect(orderStatusMessage(7, 'preparing')).toBe('Order #7 is being prepared');
  expect(orderStatusMessage(7, 'completed')).toBe('Order #7 has been collected');
  expect(orderStatusMessage(7, 'cancelled')).toBe('Order #7 has been cancelled');
  expect(new Set(orderStatuses.map((status) => orderStatusMessage(1, status))).size).toBe(
    orderStatuses.length,
  );
  expect(orderStatusLabel('preparing')).toBe('Preparing');
});
