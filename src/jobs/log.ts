/** Where a run's troubles go; never a token or a secret. */
export interface TickLog {
  warn(details: object, message: string): void;
}
