import type { Clock } from '../../src/shared/clock.js';

/** A clock tests move by hand. */
export class FakeClock implements Clock {
  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  set(iso: string): void {
    this.current = Date.parse(iso);
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
