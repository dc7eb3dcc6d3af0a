import type { Failure, Result } from '../shared/result.js';

/** The small error vocabulary of the API: every error body is {error, code} with code = status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 401 | 404 | 422,
    message: string,
  ) {
    super(message);
  }
}

export const UNAUTHORIZED_MESSAGE = 'Unauthorized. Provide a valid API token.';
export const NOT_FOUND_MESSAGE = 'Not found';

export const unauthorized = () => new HttpError(401, UNAUTHORIZED_MESSAGE);
export const notFoundError = () => new HttpError(404, NOT_FOUND_MESSAGE);
export const unprocessableError = (message: string) => new HttpError(422, message);

export function failureToHttp(failure: Failure): HttpError {
  return failure.kind === 'not_found' ? notFoundError() : unprocessableError(failure.message);
}

/** Unwraps a use case's result, or throws the HTTP error its failure maps to. */
export function valueOrThrow<T>(result: Result<T>): T {
  if (!result.ok) throw failureToHttp(result.failure);
  return result.value;
}
