import type { Socket } from 'node:net';
import pg from 'pg';
import { DataRowMessage, type BackendMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';

/**
 * Starts the text of a statement whose columns named here arrive as bytes (a Buffer of the
 * column's text as PostgreSQL sent it), not as a string. Being part of the text, the choice
 * travels with the statement (as GENERIC_PLAN does); SQLite reads it as the comment it is.
 */
export function readingBytes(columns: readonly string[]): string {
  return `${BYTES_MARK}${columns.join(', ')} */ `;
}

const BYTES_MARK = '/* bytes: ';

/** The columns `text` asks to read as bytes (readingBytes), or null. */
export function bytesColumnsOf(text: string): ReadonlySet<string> | null {
  if (!text.startsWith(BYTES_MARK)) return null;
  return new Set(text.slice(BYTES_MARK.length, text.indexOf(' */', BYTES_MARK.length)).split(', '));
}

/**
 * Where a pg query made here keeps, by column index, which of its row's fields are to arrive as
 * bytes (set once its row description is known; see prepared-statements.ts).
 */
export const BYTE_FIELDS = Symbol('byte fields');

/** A pg query that may ask for some fields as bytes. */
interface AskingBytes {
  [BYTE_FIELDS]?: readonly boolean[] | undefined;
}

/** The parts of pg's Client and Connection (pg/lib) that receive PostgreSQL's messages. */
interface Receiving {
  connection: {
    attachListeners(stream: Socket): void;
    _emitMessage: boolean;
    emit(event: string, message: BackendMessage): void;
  };
  _getActiveQuery(): AskingBytes | null | undefined;
}

/** The part of pg-protocol's Parser that makes a message of one frame. */
interface Framing {
  handlePacket(offset: number, code: number, length: number, bytes: Buffer): BackendMessage;
}

const DATA_ROW = 0x44;
const NULL_FIELD = -1;

/**
 * A DataRow whose fields `asBytes` names are copies of their bytes, the others text as pg-protocol
 * decodes every field (UTF-8). The frame's buffer is pg-protocol's own, reused for the messages
 * after, so the bytes are copied out: one copy, where the text was a decode and an encode back.
 */
function dataRow(offset: number, length: number, bytes: Buffer, asBytes: readonly boolean[]): DataRowMessage {
  const count = bytes.readInt16BE(offset);
  const fields = new Array<string | Buffer | null>(count);
  let at = offset + 2;
  for (let i = 0; i < count; i += 1) {
    const size = bytes.readInt32BE(at);
    at += 4;
    if (size === NULL_FIELD) {
      fields[i] = null;
      continue;
    }
    if (asBytes[i] === true) {
      // Not Buffer.copyBytesFrom, which copies twice (Node 20).
      const field = Buffer.allocUnsafe(size);
      bytes.copy(field, 0, at, at + size);
      fields[i] = field;
    } else fields[i] = bytes.toString('utf8', at, at + size);
    at += size;
  }
  return new DataRowMessage(length, fields);
}

/**
 * pg's client, whose connection hands over the fields a statement asks for as bytes (readingBytes).
 * pg-protocol 1.16 makes every field of a data row a string, decoded from UTF-8, in the binary
 * result format too (its parser refuses `mode: 'binary'`; brianc/node-postgres#3495): a stored
 * page's 150-215 KB body was decoded, then encoded back into the Buffer it is served as, about a
 * fifth of the server's CPU a stored page (docs/decisions.md, "Stored pages"). The connection's
 * parser is pg-protocol's own, made as pg makes it, with its data rows read here while the query
 * in flight asks for bytes; every other message, and every row of any other query, is pg-protocol's.
 * This reaches into pg's private Connection.attachListeners and Client._getActiveQuery, and
 * pg-protocol's Parser.handlePacket: pg is pinned (package.json), and test/db/byte-fields.test.ts
 * fails if they move.
 */
export class ByteFieldsClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const client = this as unknown as Receiving;
    const connection = client.connection;
    // As pg's own (pg/lib/connection.js), with the parser below.
    connection.attachListeners = (stream) => {
      const parser = new Parser();
      const framing = parser as unknown as Framing;
      const frame = framing.handlePacket.bind(parser);
      framing.handlePacket = (offset, code, length, bytes) => {
        const asBytes = code === DATA_ROW ? client._getActiveQuery()?.[BYTE_FIELDS] : undefined;
        return asBytes === undefined ? frame(offset, code, length, bytes) : dataRow(offset, length, bytes, asBytes);
      };
      stream.on('data', (buffer: Buffer) =>
        parser.parse(buffer, (message) => {
          const event = message.name === 'error' ? 'errorMessage' : message.name;
          if (connection._emitMessage) connection.emit('message', message);
          connection.emit(event, message);
        }),
      );
    };
  }
}
