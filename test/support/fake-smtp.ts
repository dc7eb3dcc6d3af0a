import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Map<string, string>;
  /** The decoded body of each part by content type (text/plain, text/html). */
  parts: Map<string, string>;
  raw: string;
}

function decode(body: string, encoding: string | undefined): string {
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Headers (unfolded, names in lower case) and the body of one MIME entity. */
function entity(text: string): { headers: Map<string, string>; body: string } {
  const split = text.indexOf('\r\n\r\n');
  const head = split < 0 ? text : text.slice(0, split);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: split < 0 ? '' : text.slice(split + 4) };
}

/** The leaf parts of a message, one level of multipart deep (what nodemailer writes for text + html). */
function partsOf(raw: string): Map<string, string> {
  const top = entity(raw);
  const parts = new Map<string, string>();
  const type = top.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
  const leaves = boundary === undefined ? [raw] : top.body.split(`--${boundary}`).slice(1, -1);
  for (const leaf of leaves) {
    const part = entity(leaf.replace(/^\r\n/, ''));
    const partType = (part.headers.get('content-type') ?? 'text/plain').split(';')[0]?.trim() ?? 'text/plain';
    parts.set(partType, decode(part.body.replace(/\r\n$/, ''), part.headers.get('content-transfer-encoding')));
  }
  return parts;
}

/** An SMTP server on loopback (no TLS, no auth) that keeps every message it accepts. */
export interface FakeSmtp {
  url: string;
  received: ReceivedMail[];
  /** Refuse the next `times` messages with an SMTP reply code (4xx: try later; 5xx: final). */
  refuseNext(code: number, times?: number): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  let refusals = { code: 550, times: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals.times > 0) {
          refusals.times -= 1;
          callback(Object.assign(new Error('refused by the fake server'), { responseCode: refusals.code }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const mailFrom = session.envelope.mailFrom;
        received.push({
          from: mailFrom === false ? '' : mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          headers: entity(raw).headers,
          parts: partsOf(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (code, times = 1) => {
      refusals = { code, times };
    },
    reset: () => {
      received.length = 0;
      refusals = { code: 550, times: 0 };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
