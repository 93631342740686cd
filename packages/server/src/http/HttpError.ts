/** One field problem in a 4xx answer. */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * An expected failure with its HTTP status and Spanish message. The error
 * handler answers `{ message, errors? }` with it; anything else becomes a 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
