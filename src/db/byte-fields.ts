import type { Socket } from 'node:net';
import pg from 'pg';
import { DataRowMessage, type BackendMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';
import { GENERIC_PLAN, wantsGenericPlan } from './generic-plans.js';

/**
 * Starts the text of a statement whose columns named here arrive as bytes (a Buffer of the
 * column's text as PostgreSQL sent it), not as a string. Being part of the text, the choice
 * travels with the statement (as GENERIC_PLAN does); SQLite reads it as the comment it is.
 */
export function readingBytes(columns: readonly string[]): string {
  return `${BYTES_MARK}${columns.join(', ')} */ `;
}

const BYTES_MARK = '/* bytes: ';

/** The columns `text` asks to read as bytes (readingBytes, after GENERIC_PLAN when it asks for that too), or null. */
export function bytesColumnsOf(text: string): ReadonlySet<string> | null {
  const mark = wantsGenericPlan(text) ? GENERIC_PLAN.length : 0;
  if (!text.startsWith(BYTES_MARK, mark)) return null;
  const at = mark + BYTES_MARK.length;
  return new Set(text.slice(at, text.indexOf(' */', at)).split(', '));
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

/**
 * The parts of pg-protocol's Parser that frame messages: its buffer of what arrived and is not yet
 * made a message (from bufferOffset, bufferLength bytes), the step that appends a chunk read from
 * the socket to it, and the one that makes a message of a frame.
 */
interface Framing {
  buffer: Buffer;
  bufferOffset: number;
  bufferLength: number;
  mergeBuffer(chunk: Buffer): void;
  handlePacket(offset: number, code: number, length: number, bytes: Buffer): BackendMessage;
}

const DATA_ROW = 0x44;
const NULL_FIELD = -1;
/** A message's code (1 byte) and length (4 bytes, counting itself but not the code). */
const HEADER_LENGTH = 5;
/** Room left after a long message for what ends its response (CommandComplete, ReadyForQuery). */
const ROOM_AFTER = 64;

/**
 * A DataRow whose fields `asBytes` names are their bytes, the others text as pg-protocol decodes
 * every field (UTF-8). A field that is most of the frame's buffer is a view of it, not copied
 * (`lend` is told: the buffer must not be written again); a smaller one is copied out, so a small
 * field does not hold a whole read of the socket.
 */
function dataRow(offset: number, length: number, bytes: Buffer, asBytes: readonly boolean[], lend: () => void): DataRowMessage {
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
    if (asBytes[i] !== true) fields[i] = bytes.toString('utf8', at, at + size);
    else if (size * 2 >= bytes.length) {
      fields[i] = bytes.subarray(at, at + size);
      lend();
    } else {
      // Not Buffer.copyBytesFrom, which copies twice (Node 20).
      const field = Buffer.allocUnsafe(size);
      bytes.copy(field, 0, at, at + size);
      fields[i] = field;
    }
    at += size;
  }
  return new DataRowMessage(length, fields);
}

/**
 * pg-protocol's parser with data rows read by `dataRow` while `asBytes` names fields, and a
 * buffer made for the whole of a long message. pg-protocol appends each chunk read from the socket
 * to what it holds, doubling its buffer when the chunk does not fit (a 159 KB row arrived in three
 * chunks: two buffers, 128 and 256 KB, and 287 KB copied), or moving what it holds to the start
 * of the buffer it has, over bytes a field may view. So when the chunk does not fit and the
 * message under way is longer than what has arrived of it, or the buffer has lent bytes to a
 * field, a buffer for the whole message (or for what is held and the chunk) is made here first,
 * and pg-protocol only appends to it. Otherwise it is pg-protocol's own.
 */
function bytesParser(asBytes: () => readonly boolean[] | undefined): Parser {
  const parser = new Parser();
  const framing = parser as unknown as Framing;
  const frame = framing.handlePacket.bind(parser);
  const merge = framing.mergeBuffer.bind(parser);
  let lent: Buffer | null = null;
  framing.handlePacket = (offset, code, length, bytes) => {
    const fields = code === DATA_ROW ? asBytes() : undefined;
    return fields === undefined ? frame(offset, code, length, bytes) : dataRow(offset, length, bytes, fields, () => (lent = bytes));
  };
  framing.mergeBuffer = (chunk) => {
    const { buffer, bufferOffset: start, bufferLength: held } = framing;
    if (buffer !== lent) lent = null;
    if (held > 0 && start + held + chunk.length > buffer.length) {
      const message = held >= HEADER_LENGTH ? 1 + buffer.readUInt32BE(start + 1) : 0;
      if (lent !== null || message > held + chunk.length) {
        const made = Buffer.allocUnsafe(Math.max(message + ROOM_AFTER, held + chunk.length));
        buffer.copy(made, 0, start, start + held);
        framing.buffer = made;
        framing.bufferOffset = 0;
        lent = null;
      }
    }
    merge(chunk);
  };
  return parser;
}

/**
 * pg's client, whose connection hands over the fields a statement asks for as bytes (readingBytes).
 * pg-protocol 1.16 makes every field of a data row a string, decoded from UTF-8, in the binary
 * result format too (its parser refuses `mode: 'binary'`; brianc/node-postgres#3495): a stored
 * page's 150-215 KB body was decoded, then encoded back into the Buffer it is served as, about a
 * fifth of the server's CPU a stored page (docs/decisions.md, "Stored pages"). The connection's
 * parser is pg-protocol's own (bytesParser), with its data rows read here while the query in
 * flight asks for bytes; every other message, and every row of any other query, is pg-protocol's.
 * This reaches into pg's private Connection.attachListeners and Client._getActiveQuery, and
 * pg-protocol's Parser internals: both are pinned (package.json), and test/db/byte-fields.test.ts
 * fails if they move.
 */
export class ByteFieldsClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const client = this as unknown as Receiving;
    const connection = client.connection;
    // As pg's own (pg/lib/connection.js), with the parser below.
    connection.attachListeners = (stream) => {
      const parser = bytesParser(() => client._getActiveQuery()?.[BYTE_FIELDS]);
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
