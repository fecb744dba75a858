// The payment words on order cards (issue 26 Screens): one label per state, the failed refund in red, and the
// Pay now link only while an online order still waits for its payment.
import { paymentStatuses } from '@shared/api/payments';
import { expect, test } from 'vitest';
import { payLink, paymentLabel } from './payment-label';

test('each payment state reads as the issue words it on the owner’s cards', () => {
  expect(paymentStatuses.map((status) => paymentLabel(status, 'owner').text)).toEqual([
    'Pay at counter',
    'Waiting for payment',
    'Paid online',
    'Refund on its way',
    'Refunded',
    'Refund failed — contact the customer',
    'Payment expired',
    'Payment failed',
  ]);
});

test('a failed refund is red for the owner and points the customer at the shop', () => {
  expect(paymentLabel('refund_failed', 'owner')).toEqual({
    text: 'Refund failed — contact the customer',
    tone: 'danger',
  });
  expect(paymentLabel('refund_failed', 'customer')).toEqual({
    text: 'Refund failed — contact the shop',
    tone: 'danger',
  });
});

test('every other state reads the same to the customer and the owner', () => {
  for (const status of paymentStatuses.filter((status) => status !== 'refund_failed'))
    expect(paymentLabel(status, 'customer')).toEqual(paymentLabel(status, 'owner'));
});

test('paid online is green, and the counter is plain', () => {
  expect(paymentLabel('paid', 'owner').tone).toBe('success');
  expect(paymentLabel('not_required', 'owner').tone).toBe('neutral');
});

const link = { authorization_url: 'https://checkout.paystack.com/abc', reference: 'order-1-x' };

test('the Pay now link is offered only while the order waits for its payment', () => {
  expect(payLink({ paymentStatus: 'awaiting', payment: link })).toBe('https://checkout.paystack.com/abc');
  for (const status of paymentStatuses.filter((status) => status !== 'awaiting'))
    expect(payLink({ paymentStatus: status, payment: link })).toBeNull();
  expect(payLink({ paymentStatus: 'awaiting', payment: null })).toBeNull();
});
