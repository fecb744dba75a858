// An error that carries its HTTP status; the app's error handler turns it into { message } (CONVENTIONS rule 5).
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Sent as Retry-After: when a refused request (429, 503) may be tried again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
