// Card payments through Paystack's HTTP API (initialize, verify) and its webhook signature; tests use a fake Paystack.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface InitializeTransactionInput {
  email: string;
  /** Minor units (cents). */
  amount: number;
  currency: string;
  reference: string;
  callbackUrl: string;
  metadata: Record<string, unknown>;
}

/** The part of Paystack's transaction (verify answer, charge.success event) that activation checks. */
export interface PaymentTransaction {
  /** 'success', 'failed', 'abandoned', 'ongoing', 'pending', 'reversed', … */
  status: string;
  reference: string;
  amount: number;
  currency: string;
  metadata: unknown;
}

export interface Payments {
  /** Starts a transaction; resolves with the page the payer goes to. Throws PaymentProviderError. */
  initializeTransaction(input: InitializeTransactionInput): Promise<{ authorizationUrl: string }>;
  /**
   * Paystack's view of a transaction; a transaction Paystack does not know (its 4xx with status false) is
   * `{ status: 'failed' }` with Paystack's message. Throws PaymentProviderError when Paystack fails or is slow.
   */
  verifyTransaction(reference: string): Promise<PaymentTransaction | { status: 'failed'; message: string }>;
  /** Whether `signature` is the HMAC-SHA512 (hex) of the raw webhook body with the secret key. */
  isSignatureValid(rawBody: Buffer, signature: string | undefined): boolean;
}

/** Paystack failed, answered nonsense, or did not answer in time: the route answers 502 with this message. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

export interface PaystackOptions {
  secretKey: string;
  baseUrl: string;
  /** How long to wait for Paystack (default 10 s); tests shorten it. */
  timeoutMs?: number;
}

interface PaystackEnvelope<T> {
  status?: boolean;
  message?: string;
  data?: T;
}

export function signPaystackBody(secretKey: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

export function createPaystackPayments(options: PaystackOptions): Payments {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;

  /** One call to Paystack: the HTTP status and the parsed envelope; throws PaymentProviderError on no answer. */
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown) => {
    let response: Response;
    try {
      response = await fetch(new URL(path, base), {
        method,
        headers: {
          Authorization: `Bearer ${options.secretKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new PaymentProviderError(
        timedOut
          ? 'Paystack did not answer in time. Please try again.'
          : 'Could not reach Paystack. Please try again.',
        { cause: error },
      );
    }
    let envelope: PaystackEnvelope<T>;
    try {
      envelope = (await response.json()) as PaystackEnvelope<T>;
    } catch (error) {
      throw new PaymentProviderError(`Paystack answered ${response.status} without JSON. Please try again.`, {
        cause: error,
      });
    }
    return { httpStatus: response.status, envelope };
  };

  return {
    async initializeTransaction(input) {
      const { httpStatus, envelope } = await call<{ authorization_url?: string }>(
        'POST',
        'transaction/initialize',
        {
          email: input.email,
          amount: input.amount,
          currency: input.currency,
          reference: input.reference,
          callback_url: input.callbackUrl,
          metadata: input.metadata,
        },
      );
      const url = envelope.data?.authorization_url;
      if (httpStatus >= 300 || envelope.status !== true || typeof url !== 'string') {
        throw new PaymentProviderError(
          `Paystack could not start the payment: ${envelope.message ?? `status ${httpStatus}`}`,
        );
      }
      return { authorizationUrl: url };
    },

    async verifyTransaction(reference) {
      const { httpStatus, envelope } = await call<Partial<PaymentTransaction>>(
        'GET',
        `transaction/verify/${encodeURIComponent(reference)}`,
      );
      // A 4xx with status false is Paystack's word on this transaction ('Transaction reference not found'),
      // not an outage: the payment simply did not happen.
      if (httpStatus >= 400 && httpStatus < 500 && envelope.status === false) {
        return { status: 'failed', message: envelope.message ?? 'Paystack does not know this payment' };
      }
      const data = envelope.data;
      if (httpStatus >= 300 || envelope.status !== true || !data || typeof data.status !== 'string') {
        throw new PaymentProviderError(
          `Paystack could not check the payment: ${envelope.message ?? `status ${httpStatus}`}`,
        );
      }
      return {
        status: data.status,
        reference: String(data.reference ?? ''),
        amount: Number(data.amount),
        currency: String(data.currency ?? ''),
        metadata: data.metadata,
      };
    },

    isSignatureValid(rawBody, signature) {
      if (!signature) return false;
      const expected = Buffer.from(signPaystackBody(options.secretKey, rawBody), 'utf8');
      const given = Buffer.from(signature, 'utf8');
      // timingSafeEqual needs equal lengths; a length mismatch reveals nothing about the secret.
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
