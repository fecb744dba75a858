import { expect, test } from 'vitest';
import { cancelText } from './cancel-text';

const cancelled = (cancelledBy: 'customer' | 'shop' | 'system' | null, cancelReason: string | null) => ({
  status: 'cancelled' as const,
  cancelledBy,
  cancelReason,
});

test('each side reads who cancelled and why', () => {
  expect(cancelText(cancelled('shop', 'Sold out'), 'customer')).toBe('Cancelled by the shop: Sold out');
  expect(cancelText(cancelled('shop', 'Sold out'), 'owner')).toBe('You cancelled this order: Sold out');
  expect(cancelText(cancelled('shop', null), 'customer')).toBe('Cancelled by the shop');
  expect(cancelText(cancelled('customer', null), 'customer')).toBe('You cancelled this order');
  expect(cancelText(cancelled('customer', null), 'owner')).toBe('Cancelled by the customer');
  expect(cancelText(cancelled('system', 'The shop did not confirm it in time'), 'customer')).toBe(
    'Cancelled automatically: The shop did not confirm it in time',
  );
});

test('orders not cancelled, and those cancelled before anyone was recorded, say nothing', () => {
  expect(cancelText({ status: 'ready', cancelledBy: null, cancelReason: null }, 'customer')).toBeNull();
  expect(cancelText(cancelled(null, null), 'owner')).toBeNull();
});
