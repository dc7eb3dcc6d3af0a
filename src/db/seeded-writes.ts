/**
 * How many times learners' rows of one database were written outside the use cases
 * (moveLearnerStamps in learner-writes.ts): such rows need not carry an updated_at past the learner's previous stamp, so
 * what is kept by reading only the rows written since a stamp (services/learner-assignments.ts,
 * days-studied.ts) is read again whole once this count moved.
 */
export class SeededWrites {
  #count = 0;

  get count(): number {
    return this.#count;
  }

  note(): void {
    this.#count += 1;
  }
}
