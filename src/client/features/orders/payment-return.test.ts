// The return from Paystack to /orders?payment=<reference>: finding the order, tidying the URL, and saying
// 'Payment received' or 'Payment not completed' with Try again while the order can still be paid.
import type { Order } from '@shared/api/orders';
import { expect, test } from 'vitest';
import {
  findOrderByReference,
  paymentReferenceFrom,
  paymentReturnNotice,
  withoutPaymentParams,
} from './payment-return';

const order = (overrides: Partial<Order>): Order => ({
  id: 12,
  customerId: 3,
  shopId: 1,
  items: '[]',
  totalAmount: '65.00',
  status: 'pending',
  pickupTime: null,
  notes: null,
  createdAt: '2025-05-01T08:00:00.000Z',
  shopName: 'Truth',
  customerName: 'Thandi',
  statusHistory: [],
  paymentStatus: 'awaiting',
  paidAt: null,
  payment: { authorization_url: 'https://checkout.paystack.com/abc', reference: 'ord_12_abc' },
  pickupCode: null,
  cancelledBy: null,
  cancelReason: null,
  ...overrides,
});

test('the reference is read from ?payment=, with or without Paystack’s own copies', () => {
  expect(paymentReferenceFrom('?payment=ord_12_abc&trxref=ord_12_abc&reference=ord_12_abc')).toBe(
    'ord_12_abc',
  );
  expect(paymentReferenceFrom('payment=ord_12_abc')).toBe('ord_12_abc');
  expect(paymentReferenceFrom('?payment=%20')).toBeNull();
  expect(paymentReferenceFrom('')).toBeNull();
});

test('the URL loses the payment parameters and keeps anything else', () => {
  expect(withoutPaymentParams('?payment=a&trxref=a&reference=a')).toBe('');
  expect(withoutPaymentParams('?payment=a&tab=past')).toBe('?tab=past');
});

test('the order is the one whose payment carries the reference; counter orders never match', () => {
  const counter = order({ id: 11, paymentStatus: 'not_required', payment: null });
  const online = order({});
  expect(findOrderByReference([counter, online], 'ord_12_abc')?.id).toBe(12);
  expect(findOrderByReference([counter, online], 'ord_99_zzz')).toBeUndefined();
});

test('a paid order says Payment received, with no Try again', () => {
  expect(paymentReturnNotice(order({ paymentStatus: 'paid', status: 'pending' }))).toEqual({
    title: 'Payment received',
    text: 'Order #12 is paid and on its way to Truth.',
    tone: 'success',
    tryAgainUrl: null,
  });
});

test('an order still waiting says Payment not completed and offers the same Paystack page again', () => {
  const notice = paymentReturnNotice(order({}));
  expect(notice.title).toBe('Payment not completed');
  expect(notice.tryAgainUrl).toBe('https://checkout.paystack.com/abc');
});

test('an order that can no longer be paid says why, without Try again', () => {
  const notice = paymentReturnNotice(order({ status: 'cancelled', paymentStatus: 'expired' }));
  expect(notice).toMatchObject({
    title: 'Payment not completed',
    text: 'Order #12: Payment expired.',
    tryAgainUrl: null,
  });
});

test('a paid order cancelled afterwards says its refund is coming, not that the payment failed', () => {
  const notice = paymentReturnNotice(
    order({ status: 'cancelled', paymentStatus: 'refund_pending', payment: null }),
  );
  expect(notice.title).toBe('Order cancelled');
  expect(notice.text).toContain('refund is on its way');
  expect(notice.tryAgainUrl).toBeNull();
});
