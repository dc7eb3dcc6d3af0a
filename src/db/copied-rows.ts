import pg from 'pg';

/**
 * Rows read from PostgreSQL as bytes: `COPY (select ...) TO STDOUT (FORMAT binary)`, whose rows
 * arrive in CopyData messages that node-postgres hands over as bytes. A result row's every column
 * is made a JS string by node-postgres before anything else sees it (pg-protocol's DataRow parse,
 * in text or binary format alike), so a stored page's body (about 215 KB of JSON) was decoded from
 * UTF-8 and encoded back to bytes on every read (docs/decisions.md, "Stored page bodies read as bytes").
 */

/** How a copied column is read: a number (smallint, integer, bigint), a UTF-8 string, or the bytes as sent. */
export type CopiedColumn = 'number' | 'text' | 'bytes';

/** A copied row's values, by the columns asked for: null for SQL NULL. */
export type CopiedValue = number | string | Buffer | null;

/** What node-postgres's connection does for a query submitted to it: send a text in the simple protocol. */
interface SimpleQueryConnection {
  query(text: string): void;
}

/**
 * A COPY ... TO STDOUT submitted to a node-postgres client as its own query object (pg's
 * Submittable, as pg-cursor and pg-copy-streams are): it gathers the CopyData bytes, and settles
 * once the connection is ready for the next query, or at an error (after which pg tells it nothing more).
 */
class CopyOut {
  readonly #chunks: Buffer[] = [];

  constructor(
    private readonly text: string,
    private readonly settle: (error: Error | null, bytes: Buffer) => void,
  ) {}

  submit(connection: SimpleQueryConnection): void {
    connection.query(this.text);
  }

  handleCopyData(message: { chunk: Buffer }): void {
    // A view of pg's read buffer, which pg may write over once the message is parsed: copied.
    this.#chunks.push(Buffer.from(message.chunk));
  }

  handleError(error: Error): void {
    this.settle(error, Buffer.alloc(0));
  }

  handleReadyForQuery(): void {
    this.settle(null, this.#chunks.length === 1 ? this.#chunks[0]! : Buffer.concat(this.#chunks));
  }

  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
}

/** The bytes a `COPY ... TO STDOUT` sends, run on `client` (in the simple protocol: it takes no parameters). */
export function copyOut(client: pg.ClientBase, text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    client.query(new CopyOut(text, (error, bytes) => (error ? reject(error) : resolve(bytes))) as unknown as pg.QueryConfig);
  });
}

/** The signature, flags and header extension length that open a binary COPY (PostgreSQL's COPY, "Binary Format"). */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_LENGTH = SIGNATURE.length + 8;

/** The rows of a binary COPY's bytes, each column read as `columns` says. */
export function copiedRows(bytes: Buffer, columns: readonly CopiedColumn[]): CopiedValue[][] {
  if (bytes.length < HEADER_LENGTH || !bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('not a binary COPY');
  let at = HEADER_LENGTH + bytes.readUInt32BE(SIGNATURE.length + 4);
  const rows: CopiedValue[][] = [];
  for (let count = bytes.readInt16BE(at); count !== -1; count = bytes.readInt16BE(at)) {
    if (count !== columns.length) throw new Error(`a binary COPY row of ${count} columns, not ${columns.length}`);
    at += 2;
    const row: CopiedValue[] = [];
    for (const column of columns) {
      const length = bytes.readInt32BE(at);
      at += 4;
      if (length === -1) {
        row.push(null);
        continue;
      }
      row.push(copiedValue(bytes, at, length, column));
      at += length;
    }
    rows.push(row);
  }
  return rows;
}

function copiedValue(bytes: Buffer, at: number, length: number, column: CopiedColumn): CopiedValue {
  if (column === 'bytes') return bytes.subarray(at, at + length);
  if (column === 'text') return bytes.toString('utf8', at, at + length);
  if (length === 2) return bytes.readInt16BE(at);
  if (length === 4) return bytes.readInt32BE(at);
  if (length === 8) return Number(bytes.readBigInt64BE(at));
  throw new Error(`a number of ${length} bytes in a binary COPY`);
}

/**
 * `text`, a statement compiled with `$n` parameters, with each parameter written in as a quoted
 * literal (pg's escapeLiteral), as COPY needs: like a parameter, a quoted literal takes its type
 * from where it stands. Only strings, finite numbers and null are written; anything else throws.
 */
export function withLiterals(text: string, parameters: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_match, index: string) => literal(parameters[Number(index) - 1]));
}

function literal(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number' && Number.isFinite(value)) return `'${value}'`;
  throw new TypeError(`no literal is written for ${typeof value}`);
}
