// A fake Paystack on 127.0.0.1 speaking the real protocol: bearer-key checks, POST /transaction/initialize, a
// checkout page with Pay and Decline, GET /transaction/verify/:reference, and signed charge.success webhooks.
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
}

/**
 * How verify answers: as it should, with a tampered amount or currency, a 500, or never (for timeouts).
 * initialize has 'normal', 'fail' (500 with Paystack's error envelope) and 'hang'.
 */
export type VerifyMode = 'normal' | 'wrong-amount' | 'wrong-currency' | 'fail' | 'hang';
export type InitializeMode = 'normal' | 'fail' | 'hang';

export interface FakePaystack {
  url: string;
  port: number;
  secretKey: string;
  transactions: Map<string, FakeTransaction>;
  /** Every API call, in order: method, path and the Authorization header it came with. */
  requests: { method: string; path: string; authorization: string | undefined }[];
  setVerifyMode(mode: VerifyMode): void;
  setInitializeMode(mode: InitializeMode): void;
  /** Where Pay sends charge.success (none: no webhook). */
  setWebhookUrl(url: string | undefined): void;
  /** What the checkout page's Pay button does, without a browser: marks the transaction paid. */
  pay(reference: string): void;
  /** The signed charge.success event for a transaction, as Paystack would post it. */
  chargeSuccessEvent(
    reference: string,
    overrides?: Partial<{ amount: number; currency: string }>,
  ): { body: string; signature: string };
  /** Posts charge.success for a transaction to the webhook URL; resolves with the app's HTTP status. */
  sendChargeSuccess(reference: string, url?: string): Promise<number>;
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

export async function startFakePaystack(
  options: { port?: number; secretKey?: string } = {},
): Promise<FakePaystack> {
  const secretKey = options.secretKey ?? FAKE_PAYSTACK_SECRET;
  const transactions = new Map<string, FakeTransaction>();
  const byAccessCode = new Map<string, FakeTransaction>();
  const requests: FakePaystack['requests'] = [];
  let verifyMode: VerifyMode = 'normal';
  let initializeMode: InitializeMode = 'normal';
  let webhookUrl: string | undefined;
  let baseUrl = '';

  const chargeSuccessEvent: FakePaystack['chargeSuccessEvent'] = (reference, overrides = {}) => {
    const transaction = transactions.get(reference);
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
      },
    });
    return { body, signature: createHmac('sha512', secretKey).update(body).digest('hex') };
  };

  const sendChargeSuccess: FakePaystack['sendChargeSuccess'] = async (reference, url = webhookUrl) => {
    if (!url) throw new Error('no webhook URL set');
    const { body, signature } = chargeSuccessEvent(reference);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      body,
    });
    return response.status;
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

      requests.push({
        method: request.method ?? '',
        path: url.pathname,
        authorization: request.headers.authorization,
      });
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return json(response, 401, { status: false, message: 'Invalid key' });
      }

      if (request.method === 'POST' && url.pathname === '/transaction/initialize') {
        const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
        if (initializeMode === 'hang') return; // never answers; close() drops the connection
        if (initializeMode === 'fail')
          return json(response, 500, { status: false, message: 'Service unavailable' });
        const reference = String(body.reference ?? randomBytes(8).toString('hex'));
        if (transactions.has(reference))
          return json(response, 400, { status: false, message: 'Duplicate Transaction Reference' });
        const transaction: FakeTransaction = {
          reference,
          accessCode: randomBytes(8).toString('hex'),
          email: String(body.email),
          amount: Number(body.amount),
          currency: String(body.currency ?? 'NGN'),
          callbackUrl: String(body.callback_url),
          metadata: body.metadata ?? {},
          status: 'abandoned',
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
          },
        });
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
    requests,
    setVerifyMode: (mode) => {
      verifyMode = mode;
    },
    setInitializeMode: (mode) => {
      initializeMode = mode;
    },
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
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
