// Card payments through Paystack's HTTP API (initialize, verify, banks, subaccounts, refunds) and its webhook
// signature; tests use a fake Paystack.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface InitializeTransactionInput {
  email: string;
  /** Minor units (cents). */
  amount: number;
  currency: string;
  reference: string;
  callbackUrl: string;
  metadata: Record<string, unknown>;
  /** The shop's subaccount the money settles to (issue 26); with bearer 'subaccount' it pays Paystack's fee. */
  subaccount?: string;
  bearer?: 'account' | 'subaccount';
}

/** A bank Paystack settles to: GET /bank. */
export interface PaystackBank {
  name: string;
  code: string;
}

/** A shop's settlement account: POST /subaccount and PUT /subaccount/{code}, always with percentage_charge 0. */
export interface SubaccountInput {
  businessName: string;
  settlementBank: string;
  accountNumber: string;
  primaryContactEmail: string;
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
  /** The subaccount the transaction settled to (data.subaccount.subaccount_code), null when none. */
  subaccountCode: string | null;
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
  /** South African banks: GET /bank?country=south africa&currency=ZAR. Throws PaymentProviderError. */
  listBanks(): Promise<PaystackBank[]>;
  /**
   * Creates (no code) or updates (code) the shop's subaccount; resolves with its subaccount_code. Paystack's
   * refusal (a 4xx with status false) throws PaymentRefusedError with Paystack's message; an outage throws
   * PaymentProviderError.
   */
  saveSubaccount(code: string | null, input: SubaccountInput): Promise<{ subaccountCode: string }>;
  /**
   * A full refund of a successful transaction: POST /refund {transaction: reference}. Resolves with the refund's
   * status ('pending', 'processing', 'processed', …) once Paystack accepted it; a refusal throws
   * PaymentRefusedError, an outage PaymentProviderError.
   */
  refundTransaction(reference: string): Promise<{ status: string }>;
}

/** Paystack answered and said no (a 4xx with status false): its message is the reason. */
export class PaymentRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentRefusedError';
  }
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

/**
 * A Paystack transaction object (verify's `data`, or a charge.success event's `data`) as PaymentTransaction; null
 * when it has no status or reference. Paystack sends `subaccount: {}` when the payment settled to no subaccount.
 */
export function transactionOf(data: unknown): PaymentTransaction | null {
  if (!data || typeof data !== 'object') return null;
  const fields = data as Record<string, unknown>;
  if (typeof fields.status !== 'string' || typeof fields.reference !== 'string') return null;
  const subaccount = fields.subaccount as { subaccount_code?: unknown } | null | undefined;
  const code = subaccount && typeof subaccount === 'object' ? subaccount.subaccount_code : undefined;
  return {
    status: fields.status,
    reference: fields.reference,
    amount: Number(fields.amount),
    currency: String(fields.currency ?? ''),
    metadata: fields.metadata,
    subaccountCode: typeof code === 'string' && code !== '' ? code : null,
  };
}

export function createPaystackPayments(options: PaystackOptions): Payments {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;

  /** One call to Paystack: the HTTP status and the parsed envelope; throws PaymentProviderError on no answer. */
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
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
      // The body is read under the same timeout signal: a Paystack that sends headers and then stalls still ends.
      envelope = (await response.json()) as PaystackEnvelope<T>;
    } catch (error) {
      throw new PaymentProviderError(`Paystack answered ${response.status} without JSON. Please try again.`, {
        cause: error,
      });
    }
    if (!envelope || typeof envelope !== 'object') {
      throw new PaymentProviderError(
        `Paystack answered ${response.status} without its envelope. Please try again.`,
      );
    }
    return { httpStatus: response.status, envelope };
  };

  /** Paystack's own "no" (a 4xx with status false) is a refusal with its reason; anything else is an outage. */
  const isRefusal = (httpStatus: number, envelope: PaystackEnvelope<unknown>) =>
    httpStatus >= 400 && httpStatus < 500 && envelope.status === false;

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
          ...(input.subaccount === undefined ? {} : { subaccount: input.subaccount }),
          ...(input.bearer === undefined ? {} : { bearer: input.bearer }),
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
      const { httpStatus, envelope } = await call<unknown>(
        'GET',
        `transaction/verify/${encodeURIComponent(reference)}`,
      );
      // A 4xx with status false is Paystack's word on this transaction ('Transaction reference not found'),
      // not an outage: the payment simply did not happen.
      if (isRefusal(httpStatus, envelope)) {
        return { status: 'failed', message: envelope.message ?? 'Paystack does not know this payment' };
      }
      const transaction = httpStatus < 300 && envelope.status === true ? transactionOf(envelope.data) : null;
      if (!transaction) {
        throw new PaymentProviderError(
          `Paystack could not check the payment: ${envelope.message ?? `status ${httpStatus}`}`,
        );
      }
      return transaction;
    },

    isSignatureValid(rawBody, signature) {
      if (!signature) return false;
      const expected = Buffer.from(signPaystackBody(options.secretKey, rawBody), 'utf8');
      const given = Buffer.from(signature, 'utf8');
      // timingSafeEqual needs equal lengths; a length mismatch reveals nothing about the secret.
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    async listBanks() {
      const query = new URLSearchParams({ country: 'south africa', currency: 'ZAR', perPage: '100' });
      const { httpStatus, envelope } = await call<unknown>('GET', `bank?${query.toString()}`);
      const data = envelope.data;
      if (httpStatus >= 300 || envelope.status !== true || !Array.isArray(data)) {
        throw new PaymentProviderError(
          `Paystack could not list the banks: ${envelope.message ?? `status ${httpStatus}`}`,
        );
      }
      const banks: PaystackBank[] = [];
      for (const bank of data as { name?: unknown; code?: unknown }[]) {
        if (bank && typeof bank.name === 'string' && typeof bank.code === 'string') {
          banks.push({ name: bank.name, code: bank.code });
        }
      }
      return banks;
    },

    async saveSubaccount(code, input) {
      const body = {
        business_name: input.businessName,
        settlement_bank: input.settlementBank,
        account_number: input.accountNumber,
        // The marketplace takes no share: the whole payment settles to the shop (issue 26).
        percentage_charge: 0,
        primary_contact_email: input.primaryContactEmail,
        metadata: input.metadata,
      };
      const { httpStatus, envelope } =
        code === null
          ? await call<{ subaccount_code?: unknown }>('POST', 'subaccount', body)
          : await call<{ subaccount_code?: unknown }>('PUT', `subaccount/${encodeURIComponent(code)}`, body);
      if (isRefusal(httpStatus, envelope)) {
        throw new PaymentRefusedError(envelope.message ?? 'Paystack refused the bank account');
      }
      const subaccountCode = envelope.data?.subaccount_code;
      if (
        httpStatus >= 300 ||
        envelope.status !== true ||
        typeof subaccountCode !== 'string' ||
        !subaccountCode
      ) {
        throw new PaymentProviderError(
          `Paystack could not save the bank account: ${envelope.message ?? `status ${httpStatus}`}`,
        );
      }
      return { subaccountCode };
    },

    async refundTransaction(reference) {
      const { httpStatus, envelope } = await call<{ status?: unknown }>('POST', 'refund', {
        transaction: reference,
      });
      if (isRefusal(httpStatus, envelope)) {
        throw new PaymentRefusedError(envelope.message ?? 'Paystack refused the refund');
      }
      const status = envelope.data?.status;
      if (httpStatus >= 300 || envelope.status !== true || typeof status !== 'string') {
        throw new PaymentProviderError(
          `Paystack could not start the refund: ${envelope.message ?? `status ${httpStatus}`}`,
        );
      }
      return { status };
    },
  };
}
