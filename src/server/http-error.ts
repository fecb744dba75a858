// An error that carries its HTTP status; the app's error handler turns it into { message } (CONVENTIONS rule 5).
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
