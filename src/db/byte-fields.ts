import { Socket, type ConnectOpts, type SocketConstructorOpts } from 'node:net';
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
    stream: Socket;
    ssl: unknown;
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
/** Messages pg-protocol makes holding a view of their frame (`BufferReader.bytes`): CopyData's chunk, AuthenticationMD5Password's salt. */
const VIEWING_CODES: ReadonlySet<number> = new Set([0x64, 0x52]);
const NULL_FIELD = -1;
/** A message's code (1 byte) and length (4 bytes, counting itself but not the code). */
const HEADER_LENGTH = 5;
/** Room left after a long message for what ends its response (CommandComplete, ReadyForQuery). */
const ROOM_AFTER = 64;
/** The most one read of a connection's socket takes (Node's own reads allocate up to as much). */
const READ_BYTES = 64 * 1024;
/** The connection's buffer for messages that outlive a read: room for what is held and a whole read after it. */
const OWN_BYTES = 2 * READ_BYTES;

/**
 * Fields lent as views of a buffer made for their whole message, each with the step that gives the
 * buffer back to the connection that framed it (giveBack).
 */
const returnable = new WeakMap<Buffer, () => void>();

/**
 * Tells the connection that handed `bytes` over (a field read as bytes) that nothing reads them
 * any more: the buffer they view is framed in again for the connection's next long message, where
 * one was made for each (a stored page's 150-215 KB row: V8 scavenged for their external memory
 * several times a second; docs/decisions.md, "A stored page's buffer given back (PostgreSQL)").
 * The caller must hold the only reference left: the next long row is written over them. Bytes
 * handed over otherwise (copied, or from SQLite) are left alone.
 */
export function giveBack(bytes: Buffer): void {
  const give = returnable.get(bytes);
  returnable.delete(bytes);
  give?.();
}

/**
 * A DataRow whose fields `asBytes` names are their bytes, the others text as pg-protocol decodes
 * every field (UTF-8). A field that is most of a buffer `mayLend` allows is a view of it, not
 * copied (`lend` is told: the buffer must not be written again); any other is copied out, so a
 * small field does not hold a whole buffer, and none holds the socket's read buffer, which the
 * next read writes over.
 */
function dataRow(
  offset: number,
  length: number,
  bytes: Buffer,
  asBytes: readonly boolean[],
  mayLend: boolean,
  lend: (field: Buffer) => void,
): DataRowMessage {
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
    else if (mayLend && size * 2 >= bytes.length) {
      const field = bytes.subarray(at, at + size);
      fields[i] = field;
      lend(field);
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

/** A connection's parser: `receive` takes each chunk read from its socket. */
interface Receiver {
  receive(chunk: Buffer, emit: (message: BackendMessage) => void): void;
}

/**
 * pg-protocol's parser with data rows read by `dataRow` while `asBytes` names fields, reading a
 * socket whose every read lands in one buffer (`readBuffer`, Node's `onread`; null for a socket
 * that hands over a Buffer of its own each read, as a TLS one does).
 *
 * pg-protocol parses the messages a chunk holds whole from the chunk itself, and keeps the chunk
 * for the message under way at its end; the next read writes over a read buffer, so that part is
 * copied out after each parse: into a buffer made for the whole message when it is longer than
 * what has arrived and than the connection's own buffer (a stored page's 150-215 KB row: the body is
 * then a view of it), else into the connection's own buffer, reused. pg-protocol appends each
 * later chunk to what it holds, doubling its buffer when the chunk does not fit, or moving what it
 * holds to the buffer's start over bytes a field may view; so when a chunk does not fit, the
 * buffer for what is held and the chunk (or the whole message) is chosen here first, and
 * pg-protocol only appends to it. No message keeps a view of the read buffer: fields asked for as
 * bytes are copied out of it, and the frames of messages pg-protocol makes as views are copied
 * before it makes them.
 */
function bytesParser(asBytes: () => readonly boolean[] | undefined, readBuffer: Buffer | null): Receiver {
  const parser = new Parser();
  const framing = parser as unknown as Framing;
  const frame = framing.handlePacket.bind(parser);
  const merge = framing.mergeBuffer.bind(parser);
  /** Whether `bytes` are the read buffer's (each read is handed over as a view of it). */
  const inReadBuffer = (bytes: Buffer) => bytes.buffer === readBuffer?.buffer;
  /** The connection's own buffer, made when first needed and made again after it lent bytes. */
  let own: Buffer | null = null;
  /** The last buffer a message was handed a view of: never written over. */
  let lent: Buffer | null = null;
  /** A buffer made for a long message, lent, and given back since (giveBack): framed in for the next one that fits. */
  let spare: Buffer | null = null;
  const lend = (bytes: Buffer, field: Buffer) => {
    lent = bytes;
    // Given back while the parser still framed in it (a message under way at its end), it may be lent again before it is taken.
    if (bytes === spare) spare = null;
    if (bytes === own) own = null;
    else returnable.set(field, () => (spare = bytes));
  };
  /** Where `size` bytes are to be held, `from` (the buffer holding them now) when it may be written over and they fit. */
  const room = (size: number, from: Buffer): Buffer => {
    if (!inReadBuffer(from) && from !== lent && size <= from.length) return from;
    if (size <= OWN_BYTES) return (own ??= Buffer.allocUnsafe(OWN_BYTES));
    if (spare !== null && size <= spare.length) {
      const to = spare;
      spare = null;
      return to;
    }
    // Whole reads' worth, so that a spare fits the connection's next page of a similar size.
    return Buffer.allocUnsafe(Math.ceil(size / READ_BYTES) * READ_BYTES);
  };
  /** Moves what the parser holds (bufferLength bytes from bufferOffset) to the start of a buffer with room for `more` bytes after it, or the whole message under way. */
  const hold = (more: number) => {
    const { buffer, bufferOffset: start, bufferLength: held } = framing;
    const message = held >= HEADER_LENGTH ? 1 + buffer.readUInt32BE(start + 1) : 0;
    const whole = message > held + more ? message + ROOM_AFTER : 0;
    const to = room(Math.max(held + more, whole), buffer);
    if (to === buffer) buffer.copyWithin(0, start, start + held);
    else buffer.copy(to, 0, start, start + held);
    framing.buffer = to;
    framing.bufferOffset = 0;
  };
  framing.handlePacket = (offset, code, length, bytes) => {
    const fields = code === DATA_ROW ? asBytes() : undefined;
    if (fields !== undefined) return dataRow(offset, length, bytes, fields, !inReadBuffer(bytes), (field) => lend(bytes, field));
    if (!VIEWING_CODES.has(code)) return frame(offset, code, length, bytes);
    const copy = Buffer.allocUnsafe(length - 4);
    bytes.copy(copy, 0, offset, offset + copy.length);
    return frame(0, code, length, copy);
  };
  framing.mergeBuffer = (chunk) => {
    const { buffer, bufferOffset: start, bufferLength: held } = framing;
    if (held > 0 && start + held + chunk.length > buffer.length) hold(chunk.length);
    merge(chunk);
  };
  return {
    receive: (chunk, emit) => {
      try {
        parser.parse(chunk, emit);
      } finally {
        // pg-protocol keeps the chunk it parsed when a message is under way at its end (or when a
        // listener threw): its bytes are copied out before the next read lands there.
        if (framing.bufferLength > 0 && inReadBuffer(framing.buffer)) hold(0);
      }
    },
  };
}

/**
 * pg's client, whose connection hands over the fields a statement asks for as bytes (readingBytes).
 * pg-protocol 1.16 makes every field of a data row a string, decoded from UTF-8, in the binary
 * result format too (its parser refuses `mode: 'binary'`; brianc/node-postgres#3495): a stored
 * page's 150-215 KB body was decoded, then encoded back into the Buffer it is served as, about a
 * fifth of the server's CPU a stored page (docs/decisions.md, "Stored pages"). The connection's
 * parser is pg-protocol's own (bytesParser), with its data rows read here while the query in
 * flight asks for bytes; every other message, and every row of any other query, is pg-protocol's.
 *
 * Over plain TCP or a Unix socket, every read of the socket lands in one buffer of the
 * connection's (Node's `onread`), where Node made a Buffer for each read: with a stored page's body
 * arriving in reads of up to 64 KB, that was as many bytes again outside V8's heap as the body,
 * which V8 collects for ("Fewer Buffers a stored page (PostgreSQL)"). A TLS connection is read as
 * pg reads it (pg's SSL request reads its answer as a 'data' event, then wraps the socket).
 *
 * This reaches into pg's private Connection.stream and attachListeners and Client._getActiveQuery,
 * and pg-protocol's Parser internals: both are pinned (package.json), and
 * test/db/byte-fields.test.ts fails if they move.
 */
export class ByteFieldsClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const client = this as unknown as Receiving;
    const connection = client.connection;
    const readBuffer = connection.ssl === false ? Buffer.allocUnsafe(READ_BYTES) : null;
    const parser = bytesParser(() => client._getActiveQuery()?.[BYTE_FIELDS], readBuffer);
    const emit = (message: BackendMessage) => {
      const event = message.name === 'error' ? 'errorMessage' : message.name;
      if (connection._emitMessage) connection.emit('message', message);
      connection.emit(event, message);
    };
    if (readBuffer !== null) {
      // Node takes `onread` in the socket's constructor (net.connect hands it its options); @types/node lists it under connect's.
      const reading: SocketConstructorOpts & ConnectOpts = {
        onread: {
          buffer: readBuffer,
          callback: (size) => {
            parser.receive(readBuffer.subarray(0, size), emit);
            return true; // keep reading
          },
        },
      };
      connection.stream = new Socket(reading);
    }
    // As pg's own (pg/lib/connection.js), with the parser above; a socket reading into the read buffer hands its reads over itself.
    connection.attachListeners = (stream) => {
      if (readBuffer === null) stream.on('data', (chunk: Buffer) => parser.receive(chunk, emit));
    };
  }
}
