import type { OrderStatus } from '@shared/domain/order-status';
import { describe, expect, test } from 'vitest';
import { sortOrders } from './order-sort';

const order = (id: number, status: OrderStatus, createdAt: string, pickupTime: string | null) => ({
  id,
  status,
  createdAt: `2026-11-24T${createdAt}:00.000Z`,
  pickupTime: pickupTime && `2026-11-24T${pickupTime}:00.000Z`,
});
const ids = (orders: { id: number }[]) => orders.map((each) => each.id);

describe('the Orders tab by pickup time', () => {
  test('puts the order due soonest at the top, whenever it was placed', () => {
    const orders = [
      order(3, 'pending', '07:10', '09:00'),
      order(2, 'confirmed', '07:05', '08:00'),
      order(1, 'pending', '06:00', '08:30'),
    ];
    expect(ids(sortOrders(orders, 'pickup'))).toEqual([2, 1, 3]);
  });

  test('counts an as-soon-as-possible order as due when it was placed', () => {
    const orders = [order(2, 'pending', '07:40', '08:00'), order(1, 'pending', '07:50', null)];
    expect(ids(sortOrders(orders, 'pickup'))).toEqual([1, 2]);
  });

  test('lists the collected and cancelled orders after those still to hand over, latest pickup first', () => {
    const orders = [
      order(1, 'completed', '06:00', '06:30'),
      order(2, 'ready', '06:10', '09:00'),
      order(3, 'cancelled', '06:20', '07:00'),
      order(4, 'preparing', '06:30', '08:00'),
    ];
    expect(ids(sortOrders(orders, 'pickup'))).toEqual([4, 2, 3, 1]);
  });

  test('breaks a tie of pickup times by the newest placed', () => {
    const orders = [order(1, 'pending', '06:00', '08:00'), order(2, 'pending', '06:30', '08:00')];
    expect(ids(sortOrders(orders, 'pickup'))).toEqual([2, 1]);
  });
});

describe('the Orders tab newest placed first', () => {
  test('lists by when they were placed, newest first, leaving the list it was given as it was', () => {
    const orders = [
      order(1, 'pending', '06:00', '09:00'),
      order(3, 'completed', '07:00', '07:15'),
      order(2, 'ready', '06:30', '06:45'),
    ];
    expect(ids(sortOrders(orders, 'placed'))).toEqual([3, 2, 1]);
    expect(ids(orders)).toEqual([1, 3, 2]);
  });
});
