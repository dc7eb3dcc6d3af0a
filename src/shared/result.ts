/** Typed outcomes of a use case; only the HTTP edge turns a failure into a status code. */
export type Failure = { readonly kind: 'not_found' } | { readonly kind: 'unprocessable'; readonly message: string };

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly failure: Failure };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const notFound = <T = never>(): Result<T> => ({ ok: false, failure: { kind: 'not_found' } });
export const unprocessable = <T = never>(message: string): Result<T> => ({
  ok: false,
  failure: { kind: 'unprocessable', message },
});

/** A failure as a sentence, for command-line output. */
export function failureMessage(failure: Failure): string {
  return failure.kind === 'unprocessable' ? failure.message : 'Not found.';
}
