// A fake Paystack on 127.0.0.1 speaking the real protocol: bearer-key checks, POST /transaction/initialize (with a
// subaccount split), a checkout page with Pay and Decline, GET /transaction/verify/:reference, GET /bank,
// POST and PUT /subaccount, POST /refund, and signed charge.success and refund.processed/refund.failed webhooks.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export type FakeTransactionStatus = 'abandoned' | 'success' | 'failed';

export interface FakeTransaction {
  reference: string;
  accessCode: string;
  email: string;
  amount: number;
  currency: string;
  callbackUrl: string;
  metadata: unknown;
  status: FakeTransactionStatus;
  /** The subaccount code initialize was given (the payment settles there), null when none. */
  subaccount: string | null;
  /** Who pays Paystack's fee, as initialize was given it ('account', 'subaccount'); null when not sent. */
  bearer: string | null;
}

/** A bank of GET /bank, in Paystack's shape. */
export interface FakeBank {
  id: number;
  name: string;
  slug: string;
  code: string;
  longcode: string;
  gateway: string | null;
  pay_with_bank: boolean;
  supports_transfer: boolean;
  active: boolean;
  is_deleted: boolean;
  country: string;
  currency: string;
  type: string;
  createdAt: string;
  updatedAt: string;
}

const BANK_TIME = '2023-03-01T10:00:00.000Z';
const zaBank = (id: number, name: string, slug: string, code: string): FakeBank => ({
  id,
  name,
  slug,
  code,
  longcode: code,
  gateway: null,
  pay_with_bank: false,
  supports_transfer: true,
  active: true,
  is_deleted: false,
  country: 'South Africa',
  currency: 'ZAR',
  type: 'basa',
  createdAt: BANK_TIME,
  updatedAt: BANK_TIME,
});

/** The South African banks the fake knows, with their real universal branch codes. */
export const FAKE_PAYSTACK_BANKS: readonly FakeBank[] = [
  zaBank(140, 'Absa', 'absa-za', '632005'),
  zaBank(143, 'Capitec Bank', 'capitec-bank-za', '470010'),
  zaBank(147, 'First National Bank', 'first-national-bank-za', '250655'),
  zaBank(152, 'Nedbank', 'nedbank-za', '198765'),
  zaBank(158, 'Standard Bank', 'standard-bank-za', '051001'),
];

/** A subaccount as Paystack keeps and returns it (POST/PUT /subaccount's `data`): settlement_bank is the NAME. */
export interface FakeSubaccount {
  id: number;
  subaccount_code: string;
  business_name: string;
  description: string | null;
  primary_contact_name: string | null;
  primary_contact_email: string | null;
  primary_contact_phone: string | null;
  metadata: unknown;
  percentage_charge: number;
  settlement_bank: string;
  /** The bank code it was given (Paystack answers with the bank's name only; kept here for assertions). */
  bank_code: string;
  account_number: string;
  settlement_schedule: string;
  currency: string;
  active: boolean;
  is_verified: boolean;
  integration: number;
  domain: string;
  createdAt: string;
  updatedAt: string;
}

/** A refund POST /refund queued; its status moves when a refund event is sent for it. */
export interface FakeRefund {
  id: number;
  transactionReference: string;
  amount: number;
  currency: string;
  status: 'pending' | 'processed' | 'failed';
  /** The bank's reference, known once processed or failed. */
  refundReference: string | null;
  createdAt: string;
}

/** A subaccount code that belongs to no shop of the marketplace: verify mode 'wrong-subaccount' reports it. */
export const FAKE_FOREIGN_SUBACCOUNT = 'ACCT_foreignshop0000';

/**
 * How verify answers: as it should, with a tampered amount or currency, a 500, or never (for timeouts).
 * initialize has 'normal', 'fail' (500 with Paystack's error envelope) and 'hang'.
 */
export type VerifyMode = 'normal' | 'wrong-amount' | 'wrong-currency' | 'wrong-subaccount' | 'fail' | 'hang';
export type InitializeMode = 'normal' | 'fail' | 'hang';
/** GET /bank: as it should, a 500, or never. */
export type BanksMode = 'normal' | 'fail' | 'hang';
/** POST/PUT /subaccount: as it should, Paystack's refusal (400 status false), a 500, or never. */
export type SubaccountMode = 'normal' | 'refuse' | 'fail' | 'hang';
/** POST /refund: as it should, Paystack's refusal (400 status false), a 500, or never. */
export type RefundMode = 'normal' | 'refuse' | 'fail' | 'hang';
export type RefundEventKind = 'processed' | 'failed';

export interface FakePaystack {
  url: string;
  port: number;
  secretKey: string;
  transactions: Map<string, FakeTransaction>;
  /** Every subaccount, by subaccount_code, as Paystack would return it. */
  subaccounts: Map<string, FakeSubaccount>;
  /** Every refund POST /refund accepted, in order. */
  refunds: FakeRefund[];
  /**
   * Every API call, in order: method, path, query string ('' or '?country=…'), the Authorization header it came
   * with, and the JSON body it sent (undefined for none).
   */
  requests: {
    method: string;
    path: string;
    query: string;
    authorization: string | undefined;
    body: unknown;
  }[];
  setVerifyMode(mode: VerifyMode): void;
  setInitializeMode(mode: InitializeMode): void;
  setBanksMode(mode: BanksMode): void;
  setSubaccountMode(mode: SubaccountMode): void;
  setRefundMode(mode: RefundMode): void;
  /**
   * A subaccount made directly in the fake (as if created on Paystack's dashboard), for tests that need one without
   * going through the app; returns it. Defaults: First National Bank, percentage_charge 0.
   */
  createSubaccount(
    fields?: Partial<{ businessName: string; bankCode: string; accountNumber: string }>,
  ): FakeSubaccount;
  /** Where Pay sends charge.success (none: no webhook). */
  setWebhookUrl(url: string | undefined): void;
  /** What the checkout page's Pay button does, without a browser: marks the transaction paid. */
  pay(reference: string): void;
  /** The signed charge.success event for a transaction, as Paystack would post it. */
  chargeSuccessEvent(
    reference: string,
    overrides?: Partial<{ amount: number; currency: string; subaccount: string | null }>,
  ): { body: string; signature: string };
  /** Posts charge.success for a transaction to the webhook URL; resolves with the app's HTTP status. */
  sendChargeSuccess(reference: string, url?: string): Promise<number>;
  /**
   * The signed refund.processed or refund.failed event for a transaction's refund, as Paystack would post it. As in
   * Paystack's own samples, refund.processed carries `amount` as a string ("49900") and refund.failed as a number.
   */
  refundEvent(
    reference: string,
    kind: RefundEventKind,
    overrides?: Partial<{ amount: number | string; currency: string }>,
  ): { body: string; signature: string };
  /**
   * Settles the transaction's latest refund as `kind` (its status in `refunds` moves) and posts the signed event to
   * the webhook URL; resolves with the app's HTTP status.
   */
  sendRefundEvent(reference: string, kind: RefundEventKind, url?: string): Promise<number>;
  close(): Promise<void>;
}

export const FAKE_PAYSTACK_SECRET = 'sk_test_fakepaystack0123456789abcdef';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function html(response: ServerResponse, status: number, body: string) {
  response
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
    .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Paystack Checkout (fake)</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem">${body}</body></html>`);
}

/** Paystack's validation refusal: 400 with status false and the reason. */
function refuse(response: ServerResponse, message: string, status = 400) {
  json(response, status, { status: false, message, type: 'validation_error', code: 'invalid_params' });
}

function parseBody(raw: string): Record<string, unknown> {
  if (raw.trim() === '') return {};
  const parsed = JSON.parse(raw) as unknown;
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

/** Paystack takes metadata as an object or as stringified JSON, and answers with the object. */
function metadataOf(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

const BEARERS = ['account', 'subaccount', 'all-proportional', 'all'];
const INTEGRATION = 1_024_777;

export async function startFakePaystack(
  options: { port?: number; secretKey?: string } = {},
): Promise<FakePaystack> {
  const secretKey = options.secretKey ?? FAKE_PAYSTACK_SECRET;
  const transactions = new Map<string, FakeTransaction>();
  const byAccessCode = new Map<string, FakeTransaction>();
  const subaccounts = new Map<string, FakeSubaccount>();
  const refunds: FakeRefund[] = [];
  const requests: FakePaystack['requests'] = [];
  let verifyMode: VerifyMode = 'normal';
  let initializeMode: InitializeMode = 'normal';
  let banksMode: BanksMode = 'normal';
  let subaccountMode: SubaccountMode = 'normal';
  let refundMode: RefundMode = 'normal';
  let webhookUrl: string | undefined;
  let baseUrl = '';
  let nextId = 1;

  const sign = (body: string) => createHmac('sha512', secretKey).update(body).digest('hex');

  /** A transaction's `subaccount` as Paystack embeds it in verify and charge.success: `{}` when none. */
  const subaccountObject = (code: string | null): Record<string, unknown> => {
    if (!code) return {};
    const known = subaccounts.get(code);
    if (!known) return { subaccount_code: code };
    return {
      id: known.id,
      subaccount_code: known.subaccount_code,
      business_name: known.business_name,
      description: known.description,
      primary_contact_name: known.primary_contact_name,
      primary_contact_email: known.primary_contact_email,
      primary_contact_phone: known.primary_contact_phone,
      metadata: known.metadata,
      settlement_bank: known.settlement_bank,
      account_number: known.account_number,
    };
  };

  const newSubaccount = (fields: {
    businessName: string;
    bankCode: string;
    accountNumber: string;
    percentageCharge: number;
    email: string | null;
    metadata: unknown;
  }): FakeSubaccount => {
    const now = new Date().toISOString();
    const bank = FAKE_PAYSTACK_BANKS.find((candidate) => candidate.code === fields.bankCode);
    const subaccount: FakeSubaccount = {
      id: nextId++,
      subaccount_code: `ACCT_${randomBytes(7).toString('hex')}`,
      business_name: fields.businessName,
      description: null,
      primary_contact_name: null,
      primary_contact_email: fields.email,
      primary_contact_phone: null,
      metadata: fields.metadata,
      percentage_charge: fields.percentageCharge,
      settlement_bank: bank?.name ?? fields.bankCode,
      bank_code: fields.bankCode,
      account_number: fields.accountNumber,
      settlement_schedule: 'AUTO',
      currency: 'ZAR',
      active: true,
      is_verified: false,
      integration: INTEGRATION,
      domain: 'test',
      createdAt: now,
      updatedAt: now,
    };
    subaccounts.set(subaccount.subaccount_code, subaccount);
    return subaccount;
  };

  const chargeSuccessEvent: FakePaystack['chargeSuccessEvent'] = (reference, overrides = {}) => {
    const transaction = transactions.get(reference);
    const subaccount =
      overrides.subaccount !== undefined ? overrides.subaccount : (transaction?.subaccount ?? null);
    const body = JSON.stringify({
      event: 'charge.success',
      data: {
        id: Math.floor(Math.random() * 1e9),
        domain: 'test',
        status: 'success',
        reference,
        amount: overrides.amount ?? transaction?.amount ?? 49_900,
        currency: overrides.currency ?? transaction?.currency ?? 'ZAR',
        paid_at: new Date().toISOString(),
        channel: 'card',
        metadata: transaction?.metadata ?? {},
        customer: { email: transaction?.email ?? 'payer@example.co.za' },
        subaccount: subaccountObject(subaccount),
      },
    });
    return { body, signature: sign(body) };
  };

  const sendChargeSuccess: FakePaystack['sendChargeSuccess'] = async (reference, url = webhookUrl) => {
    if (!url) throw new Error('no webhook URL set');
    const { body, signature } = chargeSuccessEvent(reference);
    return await post(url, body, signature);
  };

  const latestRefund = (reference: string) =>
    refunds.findLast((refund) => refund.transactionReference === reference);

  const refundEvent: FakePaystack['refundEvent'] = (reference, kind, overrides = {}) => {
    const transaction = transactions.get(reference);
    const refund = latestRefund(reference);
    const amount = overrides.amount ?? refund?.amount ?? transaction?.amount ?? 49_900;
    const body = JSON.stringify({
      event: `refund.${kind}`,
      data: {
        status: kind,
        transaction_reference: reference,
        refund_reference:
          refund?.refundReference ??
          (kind === 'processed'
            ? String(1e11 + Math.floor(Math.random() * 9e11))
            : `TRF_${randomBytes(8).toString('hex')}`),
        // Paystack's own samples send refund.processed's amount as a string and refund.failed's as a number.
        amount: kind === 'processed' && typeof amount === 'number' ? String(amount) : amount,
        currency: overrides.currency ?? refund?.currency ?? transaction?.currency ?? 'ZAR',
        processor: 'mpgs_zen',
        customer: { first_name: null, last_name: null, email: transaction?.email ?? 'payer@example.co.za' },
        integration: INTEGRATION,
        domain: 'test',
        id: String(refund?.id ?? nextId++),
      },
    });
    return { body, signature: sign(body) };
  };

  const sendRefundEvent: FakePaystack['sendRefundEvent'] = async (reference, kind, url = webhookUrl) => {
    if (!url) throw new Error('no webhook URL set');
    const refund = latestRefund(reference);
    if (refund) {
      refund.status = kind;
      refund.refundReference ??=
        kind === 'processed'
          ? String(1e11 + Math.floor(Math.random() * 9e11))
          : `TRF_${randomBytes(8).toString('hex')}`;
    }
    const { body, signature } = refundEvent(reference, kind);
    return await post(url, body, signature);
  };

  async function post(url: string, body: string, signature: string) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      body,
    });
    return response.status;
  }

  /** POST /subaccount and PUT /subaccount/:code: Paystack's checks, then the subaccount's data. */
  const saveSubaccount = (response: ServerResponse, code: string | null, body: Record<string, unknown>) => {
    const existing = code === null ? undefined : subaccounts.get(code);
    if (code !== null && !existing) return refuse(response, 'Subaccount not found', 404);
    for (const [field, label] of [
      ['business_name', 'Business name'],
      ['settlement_bank', 'Settlement bank'],
      ['account_number', 'Account number'],
      ['percentage_charge', 'Percentage charge'],
    ] as const) {
      const value = body[field];
      if (value === undefined || value === null || value === '')
        return refuse(response, `${label} is required`);
    }
    const bankCode = String(body.settlement_bank);
    if (!FAKE_PAYSTACK_BANKS.some((bank) => bank.code === bankCode))
      return refuse(response, 'Invalid bank code');
    const percentageCharge = Number(body.percentage_charge);
    if (!Number.isFinite(percentageCharge) || percentageCharge < 0 || percentageCharge > 100)
      return refuse(response, 'Percentage charge should be between 0 and 100');
    const accountNumber = String(body.account_number);
    // A South African account number is digits; Paystack resolves it with the bank before it takes it.
    if (subaccountMode === 'refuse' || !/^\d{6,16}$/.test(accountNumber))
      return refuse(response, 'Account details are invalid. Please check and try again');
    const email = typeof body.primary_contact_email === 'string' ? body.primary_contact_email : null;
    if (!existing) {
      const created = newSubaccount({
        businessName: String(body.business_name),
        bankCode,
        accountNumber,
        percentageCharge,
        email,
        metadata: metadataOf(body.metadata),
      });
      return json(response, 201, { status: true, message: 'Subaccount created', data: created });
    }
    existing.business_name = String(body.business_name);
    existing.bank_code = bankCode;
    existing.settlement_bank = FAKE_PAYSTACK_BANKS.find((bank) => bank.code === bankCode)!.name;
    existing.account_number = accountNumber;
    existing.percentage_charge = percentageCharge;
    if (email !== null) existing.primary_contact_email = email;
    if (body.metadata !== undefined) existing.metadata = metadataOf(body.metadata);
    existing.updatedAt = new Date().toISOString();
    return json(response, 200, { status: true, message: 'Subaccount updated', data: existing });
  };

  /** POST /refund: a full refund of a paid transaction, queued. */
  const queueRefund = (response: ServerResponse, body: Record<string, unknown>) => {
    if (body.transaction === undefined || body.transaction === '')
      return refuse(response, 'Transaction is required');
    if (refundMode === 'refuse')
      return refuse(
        response,
        'Refund cannot be processed. Your balance is insufficient to cover this refund',
      );
    const transaction = transactions.get(String(body.transaction));
    if (!transaction) return refuse(response, 'Transaction not found', 404);
    if (transaction.status !== 'success')
      return refuse(response, 'Transaction has not been paid. Cannot refund');
    // Paystack refuses a second full refund of the same transaction unless the first one failed.
    if (
      refunds.some(
        (refund) => refund.transactionReference === transaction.reference && refund.status !== 'failed',
      )
    )
      return refuse(response, 'Transaction has been fully reversed');
    const amount = body.amount === undefined ? transaction.amount : Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > transaction.amount)
      return refuse(response, 'Refund amount cannot be greater than transaction amount');
    const refund: FakeRefund = {
      id: nextId++,
      transactionReference: transaction.reference,
      amount,
      currency: transaction.currency,
      status: 'pending',
      refundReference: null,
      createdAt: new Date().toISOString(),
    };
    refunds.push(refund);
    return json(response, 200, {
      status: true,
      message: 'Refund has been queued for processing',
      data: {
        transaction: {
          id: 4_099_260_516,
          domain: 'test',
          reference: transaction.reference,
          amount: transaction.amount,
          paid_at: refund.createdAt,
          channel: 'card',
          currency: transaction.currency,
          subaccount: subaccountObject(transaction.subaccount),
        },
        integration: INTEGRATION,
        deducted_amount: 0,
        channel: null,
        merchant_note: `Refund for transaction ${transaction.reference}`,
        customer_note: `Refund for transaction ${transaction.reference}`,
        status: refund.status,
        refunded_by: 'api',
        expected_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        currency: refund.currency,
        domain: 'test',
        amount: refund.amount,
        fully_deducted: false,
        id: refund.id,
        createdAt: refund.createdAt,
        updatedAt: refund.createdAt,
      },
    });
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');

      // The checkout page a payer is sent to: no key needed, as on checkout.paystack.com.
      const checkout = /^\/checkout\/([\w-]+)(\/pay|\/decline)?$/.exec(url.pathname);
      if (checkout) {
        const transaction = byAccessCode.get(checkout[1]!);
        if (!transaction) return html(response, 404, '<h1>Transaction not found</h1>');
        if (request.method === 'POST' && checkout[2] === '/pay') {
          transaction.status = 'success';
          if (webhookUrl) {
            // Paystack sends the webhook on its own schedule; the redirect does not wait for it.
            sendChargeSuccess(transaction.reference).catch(() => undefined);
          }
          const callback = new URL(transaction.callbackUrl);
          callback.searchParams.set('trxref', transaction.reference);
          callback.searchParams.set('reference', transaction.reference);
          response.writeHead(302, { location: callback.toString() }).end();
          return;
        }
        if (request.method === 'POST' && checkout[2] === '/decline') {
          transaction.status = 'failed';
          return html(response, 200, '<h1>Payment declined</h1><p>Your card was not charged.</p>');
        }
        return html(
          response,
          200,
          `<h1>Pay with Paystack</h1>
<p>${transaction.email}</p>
<p>Amount: <strong>${transaction.currency} ${(transaction.amount / 100).toFixed(2)}</strong></p>
<p>Reference: <code>${transaction.reference}</code></p>
<form method="post" action="/checkout/${transaction.accessCode}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/checkout/${transaction.accessCode}/decline"><button type="submit">Decline</button></form>`,
        );
      }

      const raw = await readBody(request);
      const entry: FakePaystack['requests'][number] = {
        method: request.method ?? '',
        path: url.pathname,
        query: url.search,
        authorization: request.headers.authorization,
        body: undefined,
      };
      requests.push(entry);
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return json(response, 401, { status: false, message: 'Invalid key' });
      }
      const body = parseBody(raw);
      if (raw.trim() !== '') entry.body = body;

      if (request.method === 'POST' && url.pathname === '/transaction/initialize') {
        if (initializeMode === 'hang') return; // never answers; close() drops the connection
        if (initializeMode === 'fail')
          return json(response, 500, { status: false, message: 'Service unavailable' });
        const reference = String(body.reference ?? randomBytes(8).toString('hex'));
        if (transactions.has(reference))
          return json(response, 400, { status: false, message: 'Duplicate Transaction Reference' });
        const subaccount =
          typeof body.subaccount === 'string' && body.subaccount !== '' ? body.subaccount : null;
        if (subaccount !== null && !subaccounts.has(subaccount))
          return refuse(response, 'Subaccount not found', 404);
        const bearer = typeof body.bearer === 'string' ? body.bearer : null;
        if (bearer !== null && !BEARERS.includes(bearer)) return refuse(response, 'Invalid bearer');
        const transaction: FakeTransaction = {
          reference,
          accessCode: randomBytes(8).toString('hex'),
          email: String(body.email),
          amount: Number(body.amount),
          currency: String(body.currency ?? 'NGN'),
          callbackUrl: String(body.callback_url),
          metadata: body.metadata ?? {},
          status: 'abandoned',
          subaccount,
          bearer,
        };
        transactions.set(reference, transaction);
        byAccessCode.set(transaction.accessCode, transaction);
        return json(response, 200, {
          status: true,
          message: 'Authorization URL created',
          data: {
            authorization_url: `${baseUrl}/checkout/${transaction.accessCode}`,
            access_code: transaction.accessCode,
            reference,
          },
        });
      }

      const verify = /^\/transaction\/verify\/(.+)$/.exec(url.pathname);
      if (request.method === 'GET' && verify) {
        if (verifyMode === 'hang') return;
        if (verifyMode === 'fail') return json(response, 500, { status: false, message: 'Internal error' });
        const transaction = transactions.get(decodeURIComponent(verify[1]!));
        if (!transaction)
          return json(response, 400, { status: false, message: 'Transaction reference not found' });
        return json(response, 200, {
          status: true,
          message: 'Verification successful',
          data: {
            id: 4099260516,
            domain: 'test',
            status: transaction.status,
            reference: transaction.reference,
            amount: verifyMode === 'wrong-amount' ? 100 : transaction.amount,
            currency: verifyMode === 'wrong-currency' ? 'NGN' : transaction.currency,
            gateway_response: transaction.status === 'success' ? 'Successful' : 'Declined',
            paid_at: transaction.status === 'success' ? new Date().toISOString() : null,
            channel: 'card',
            metadata: transaction.metadata,
            customer: { email: transaction.email },
            subaccount: subaccountObject(
              verifyMode === 'wrong-subaccount' ? FAKE_FOREIGN_SUBACCOUNT : transaction.subaccount,
            ),
          },
        });
      }

      if (request.method === 'GET' && url.pathname === '/bank') {
        if (banksMode === 'hang') return;
        if (banksMode === 'fail') return json(response, 500, { status: false, message: 'Internal error' });
        const country = (url.searchParams.get('country') ?? '').toLowerCase();
        const currency = url.searchParams.get('currency');
        // The fake knows South Africa's banks only; another country (or currency) has none here.
        const matches = country === 'south africa' && (currency === null || currency === 'ZAR');
        return json(response, 200, {
          status: true,
          message: 'Banks retrieved',
          data: matches ? FAKE_PAYSTACK_BANKS : [],
        });
      }

      const subaccountPath = /^\/subaccount(?:\/([^/]+))?$/.exec(url.pathname);
      if (subaccountPath && (request.method === 'POST' || request.method === 'PUT')) {
        const code = subaccountPath[1] === undefined ? null : decodeURIComponent(subaccountPath[1]);
        if ((request.method === 'POST') !== (code === null))
          return json(response, 404, { status: false, message: 'Not found' });
        if (subaccountMode === 'hang') return;
        if (subaccountMode === 'fail')
          return json(response, 500, { status: false, message: 'Internal error' });
        return saveSubaccount(response, code, body);
      }

      if (request.method === 'POST' && url.pathname === '/refund') {
        if (refundMode === 'hang') return;
        if (refundMode === 'fail') return json(response, 500, { status: false, message: 'Internal error' });
        return queueRefund(response, body);
      }
      return json(response, 404, { status: false, message: 'Not found' });
    })().catch((error: Error) => json(response, 500, { status: false, message: error.message }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    url: baseUrl,
    port,
    secretKey,
    transactions,
    subaccounts,
    refunds,
    requests,
    setVerifyMode: (mode) => {
      verifyMode = mode;
    },
    setInitializeMode: (mode) => {
      initializeMode = mode;
    },
    setBanksMode: (mode) => {
      banksMode = mode;
    },
    setSubaccountMode: (mode) => {
      subaccountMode = mode;
    },
    setRefundMode: (mode) => {
      refundMode = mode;
    },
    createSubaccount: (fields = {}) =>
      newSubaccount({
        businessName: fields.businessName ?? 'Fake Coffee (Pty) Ltd',
        bankCode: fields.bankCode ?? '250655',
        accountNumber: fields.accountNumber ?? '62000000001',
        percentageCharge: 0,
        email: null,
        metadata: null,
      }),
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    pay(reference) {
      const transaction = transactions.get(reference);
      if (!transaction) throw new Error(`no transaction ${reference}`);
      transaction.status = 'success';
    },
    chargeSuccessEvent,
    sendChargeSuccess,
    refundEvent,
    sendRefundEvent,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
