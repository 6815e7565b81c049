/**
 * Typed errors with a stable code and HTTP status. Handlers throw them; the global error handler
 * in app.ts turns them into `{ error: { code, message } }`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'bad_request') =>
  new AppError(400, code, message);
export const unauthorized = (message = 'Authentication required.', code = 'unauthorized') =>
  new AppError(401, code, message);
export const forbidden = (message = "You don't have permission to do this.", code = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found.', code = 'not_found') =>
  new AppError(404, code, message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
export const tooManyRequests = (
  message = 'Too many requests. Please wait a minute and try again.',
) => new AppError(429, 'rate_limited', message);

/** The message a user sees when something broke on our side. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';
