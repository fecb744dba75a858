// The real Paystack adapter against the fake Paystack: banks, subaccounts, split payments, refunds and their events.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakePaystack, startFakePaystack } from '../../../tests/support/fake-paystack.js';
import {
  createPaystackPayments,
  PaymentProviderError,
  PaymentRefusedError,
  type Payments,
  type SubaccountInput,
  transactionOf,
} from './payments.js';

let paystack: FakePaystack;
let payments: Payments;

const shopAccount: SubaccountInput = {
  businessName: 'Bean There Coffee',
  settlementBank: '250655',
  accountNumber: '62000000001',
  primaryContactEmail: 'owner@beanthere.co.za',
  metadata: { shopId: 7 },
};

let referenceCount = 0;
const nextReference = () => `order-test-${Date.now()}-${++referenceCount}`;

/** Starts a transaction through the adapter and pays it on the fake, as a payer on the checkout page would. */
async function paidTransaction(subaccount?: string) {
  const reference = nextReference();
  await payments.initializeTransaction({
    email: 'payer@example.co.za',
    amount: 4_990,
    currency: 'ZAR',
    reference,
    callbackUrl: 'http://127.0.0.1:1/orders/paid',
    metadata: { orderId: 1 },
    ...(subaccount ? { subaccount, bearer: 'subaccount' as const } : {}),
  });
  paystack.pay(reference);
  return reference;
}

beforeAll(async () => {
  paystack = await startFakePaystack();
  // A short timeout so that 'hang' modes end the test quickly; the default stays 10 s.
  payments = createPaystackPayments({ secretKey: paystack.secretKey, baseUrl: paystack.url, timeoutMs: 500 });
});

afterAll(async () => {
  await paystack.close();
});

beforeEach(() => {
  paystack.setVerifyMode('normal');
  paystack.setBanksMode('normal');
  paystack.setSubaccountMode('normal');
  paystack.setRefundMode('normal');
});

describe('listBanks', () => {
  it('lists the South African banks with their codes, asking for country=south africa and ZAR', async () => {
    const banks = await payments.listBanks();
    expect(banks).toContainEqual({ name: 'First National Bank', code: '250655' });
    expect(banks).toContainEqual({ name: 'Standard Bank', code: '051001' });
    expect(banks).toHaveLength(5);
    const request = paystack.requests.at(-1)!;
    expect(request.path).toBe('/bank');
    const query = new URLSearchParams(request.query);
    expect(query.get('country')).toBe('south africa');
    expect(query.get('currency')).toBe('ZAR');
    expect(query.get('perPage')).toBe('100');
    expect(request.authorization).toBe(`Bearer ${paystack.secretKey}`);
  });

  it('throws PaymentProviderError when Paystack fails', async () => {
    paystack.setBanksMode('fail');
    await expect(payments.listBanks()).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('throws PaymentProviderError when the key is wrong (Paystack answers 401)', async () => {
    const wrongKey = createPaystackPayments({ secretKey: 'sk_test_wrong', baseUrl: paystack.url });
    await expect(wrongKey.listBanks()).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('saveSubaccount', () => {
  it('creates a subaccount taking no share, then updates the same one', async () => {
    const { subaccountCode } = await payments.saveSubaccount(null, shopAccount);
    expect(subaccountCode).toMatch(/^ACCT_\w+$/);
    const created = paystack.subaccounts.get(subaccountCode)!;
    expect(created).toMatchObject({
      business_name: 'Bean There Coffee',
      settlement_bank: 'First National Bank',
      account_number: '62000000001',
      percentage_charge: 0,
      primary_contact_email: 'owner@beanthere.co.za',
      metadata: { shopId: 7 },
    });
    expect(paystack.requests.at(-1)).toMatchObject({ method: 'POST', path: '/subaccount' });

    const updated = await payments.saveSubaccount(subaccountCode, {
      ...shopAccount,
      settlementBank: '470010',
      accountNumber: '1234567890',
    });
    expect(updated.subaccountCode).toBe(subaccountCode);
    expect(paystack.requests.at(-1)).toMatchObject({ method: 'PUT', path: `/subaccount/${subaccountCode}` });
    expect(paystack.subaccounts.get(subaccountCode)).toMatchObject({
      settlement_bank: 'Capitec Bank',
      account_number: '1234567890',
      percentage_charge: 0,
    });
    expect(paystack.subaccounts.size).toBe(1);
  });

  it("throws PaymentRefusedError with Paystack's message when Paystack refuses the account", async () => {
    paystack.setSubaccountMode('refuse');
    const before = paystack.subaccounts.size;
    const refusal = await payments.saveSubaccount(null, shopAccount).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PaymentRefusedError);
    expect((refusal as Error).message).toBe('Account details are invalid. Please check and try again');
    expect(paystack.subaccounts.size).toBe(before);
  });

  it("throws PaymentRefusedError for a bank code Paystack does not know, with Paystack's message", async () => {
    const refusal = await payments
      .saveSubaccount(null, { ...shopAccount, settlementBank: '999999' })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PaymentRefusedError);
    expect((refusal as Error).message).toBe('Invalid bank code');
  });

  it('throws PaymentRefusedError when updating a subaccount Paystack does not have', async () => {
    await expect(payments.saveSubaccount('ACCT_doesnotexist', shopAccount)).rejects.toBeInstanceOf(
      PaymentRefusedError,
    );
  });

  it('throws PaymentProviderError (not a refusal) when Paystack answers 500 or does not answer', async () => {
    paystack.setSubaccountMode('fail');
    const failure = await payments.saveSubaccount(null, shopAccount).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect(failure).not.toBeInstanceOf(PaymentRefusedError);
    paystack.setSubaccountMode('hang');
    await expect(payments.saveSubaccount(null, shopAccount)).rejects.toThrow(/did not answer in time/);
  });
});

describe('split payments', () => {
  it('initializes with subaccount and bearer, and verify reports the subaccount the payment settled to', async () => {
    const { subaccountCode } = await payments.saveSubaccount(null, shopAccount);
    const reference = await paidTransaction(subaccountCode);
    expect(paystack.transactions.get(reference)).toMatchObject({
      subaccount: subaccountCode,
      bearer: 'subaccount',
    });
    const initialize = paystack.requests.findLast((request) => request.path === '/transaction/initialize')!;
    expect(initialize.body).toMatchObject({ subaccount: subaccountCode, bearer: 'subaccount' });
    const verified = await payments.verifyTransaction(reference);
    expect(verified).toEqual({
      status: 'success',
      reference,
      amount: 4_990,
      currency: 'ZAR',
      metadata: { orderId: 1 },
      subaccountCode,
    });
  });

  it('sends neither subaccount nor bearer when none is given, and verify reports subaccountCode null', async () => {
    const reference = await paidTransaction();
    const initialize = paystack.requests.findLast((request) => request.path === '/transaction/initialize')!;
    expect(initialize.body).not.toHaveProperty('subaccount');
    expect(initialize.body).not.toHaveProperty('bearer');
    expect(await payments.verifyTransaction(reference)).toMatchObject({
      status: 'success',
      subaccountCode: null,
    });
  });

  it("reports another subaccount when Paystack's answer names one (verify mode wrong-subaccount)", async () => {
    const { subaccountCode } = await payments.saveSubaccount(null, shopAccount);
    const reference = await paidTransaction(subaccountCode);
    paystack.setVerifyMode('wrong-subaccount');
    const verified = await payments.verifyTransaction(reference);
    expect('subaccountCode' in verified && verified.subaccountCode).not.toBe(subaccountCode);
    expect(verified).toMatchObject({ subaccountCode: expect.stringMatching(/^ACCT_/) });
  });
});

describe('refundTransaction', () => {
  it("queues a refund of a paid transaction: Paystack's status is pending and the fake records it", async () => {
    const reference = await paidTransaction();
    expect(await payments.refundTransaction(reference)).toEqual({ status: 'pending' });
    expect(paystack.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/refund',
      body: { transaction: reference },
    });
    expect(paystack.refunds.at(-1)).toMatchObject({
      transactionReference: reference,
      amount: 4_990,
      status: 'pending',
    });
  });

  it("throws PaymentRefusedError with Paystack's message for an unpaid or already refunded transaction", async () => {
    const unpaid = nextReference();
    await payments.initializeTransaction({
      email: 'payer@example.co.za',
      amount: 4_990,
      currency: 'ZAR',
      reference: unpaid,
      callbackUrl: 'http://127.0.0.1:1/orders/paid',
      metadata: {},
    });
    const refusal = await payments.refundTransaction(unpaid).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PaymentRefusedError);
    expect((refusal as Error).message).toBe('Transaction has not been paid. Cannot refund');

    const paid = await paidTransaction();
    await payments.refundTransaction(paid);
    await expect(payments.refundTransaction(paid)).rejects.toThrow(
      new PaymentRefusedError('Transaction has been fully reversed'),
    );
  });

  it('throws PaymentRefusedError in refuse mode and records no refund', async () => {
    const reference = await paidTransaction();
    paystack.setRefundMode('refuse');
    await expect(payments.refundTransaction(reference)).rejects.toBeInstanceOf(PaymentRefusedError);
    expect(paystack.refunds.some((refund) => refund.transactionReference === reference)).toBe(false);
  });

  it('throws PaymentProviderError when Paystack fails or hangs', async () => {
    const reference = await paidTransaction();
    paystack.setRefundMode('fail');
    const failure = await payments.refundTransaction(reference).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect(failure).not.toBeInstanceOf(PaymentRefusedError);
    paystack.setRefundMode('hang');
    await expect(payments.refundTransaction(reference)).rejects.toThrow(/did not answer in time/);
  });
});

describe('webhook events', () => {
  it('transactionOf reads a charge.success body, its subaccount included', async () => {
    const { subaccountCode } = await payments.saveSubaccount(null, shopAccount);
    const reference = await paidTransaction(subaccountCode);
    const { body, signature } = paystack.chargeSuccessEvent(reference);
    expect(payments.isSignatureValid(Buffer.from(body), signature)).toBe(true);
    const event = JSON.parse(body) as { event: string; data: unknown };
    expect(event.event).toBe('charge.success');
    expect(transactionOf(event.data)).toEqual({
      status: 'success',
      reference,
      amount: 4_990,
      currency: 'ZAR',
      metadata: { orderId: 1 },
      subaccountCode,
    });
  });

  it('transactionOf takes a subaccount override, {} as null, and refuses data without status or reference', () => {
    const reference = nextReference();
    const wrong = JSON.parse(paystack.chargeSuccessEvent(reference, { subaccount: 'ACCT_other' }).body);
    expect(transactionOf(wrong.data)?.subaccountCode).toBe('ACCT_other');
    const none = JSON.parse(paystack.chargeSuccessEvent(reference, { subaccount: null }).body);
    expect(none.data.subaccount).toEqual({});
    expect(transactionOf(none.data)?.subaccountCode).toBeNull();
    expect(transactionOf({ reference })).toBeNull();
    expect(transactionOf({ status: 'success' })).toBeNull();
    expect(transactionOf(null)).toBeNull();
  });

  it.each(['processed', 'failed'] as const)(
    'signs refund.%s as Paystack does, and no other key matches',
    (kind) => {
      const reference = `refund-event-${kind}`;
      const { body, signature } = paystack.refundEvent(reference, kind);
      expect(payments.isSignatureValid(Buffer.from(body), signature)).toBe(true);
      const otherKey = createPaystackPayments({ secretKey: 'sk_test_other', baseUrl: paystack.url });
      expect(otherKey.isSignatureValid(Buffer.from(body), signature)).toBe(false);
      expect(payments.isSignatureValid(Buffer.from(body.replace(reference, 'tampered')), signature)).toBe(
        false,
      );
      const event = JSON.parse(body);
      expect(event).toMatchObject({
        event: `refund.${kind}`,
        data: { status: kind, transaction_reference: reference, currency: 'ZAR' },
      });
    },
  );

  it('sends a signed refund event to the webhook URL and settles the recorded refund', async () => {
    const reference = await paidTransaction();
    await payments.refundTransaction(reference);
    const received: { body: string; signature: string | undefined }[] = [];
    const { createServer } = await import('node:http');
    const sink = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: request.headers['x-paystack-signature'] as string | undefined,
        });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const address = sink.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/webhooks`;
    try {
      expect(await paystack.sendRefundEvent(reference, 'processed', url)).toBe(200);
    } finally {
      await new Promise<void>((resolve) => sink.close(() => resolve()));
    }
    expect(received).toHaveLength(1);
    expect(payments.isSignatureValid(Buffer.from(received[0]!.body), received[0]!.signature)).toBe(true);
    const event = JSON.parse(received[0]!.body);
    expect(event.data).toMatchObject({
      status: 'processed',
      transaction_reference: reference,
      amount: '4990',
    });
    expect(paystack.refunds.findLast((refund) => refund.transactionReference === reference)).toMatchObject({
      status: 'processed',
      refundReference: event.data.refund_reference,
    });
  });
});
