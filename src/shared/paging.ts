/** An id cursor of a collection request: at most one of the two is set. */
export interface Cursor {
  readonly afterId?: number;
  readonly beforeId?: number;
}

/** One page of a collection and what the envelope needs to link it. */
export interface Page<R> {
  readonly rows: R[];
  readonly totalCount: number;
  readonly hasNext: boolean;
  readonly hasPrevious: boolean;
}
