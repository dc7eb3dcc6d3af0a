// Minimal streaming reader for the gzipped tarballs that `npm pack` writes.
// We only need a few hundred small JSON members out of ~20,000, so reading the
// tarball in one pass without unpacking it to disk keeps the build fast.
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';

const BLOCK = 512;

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const nul = raw.indexOf(0);
  return raw.subarray(0, nul === -1 ? length : nul).toString('utf8');
}

function parsePaxPath(body: Buffer): string | undefined {
  // Records look like "<len> key=value\n".
  for (const line of body.toString('utf8').split('\n')) {
    const m = /^\d+ path=(.*)$/.exec(line);
    if (m?.[1] !== undefined) return m[1];
  }
  return undefined;
}

/** Returns the contents of the regular-file members whose path passes `wanted`. */
export async function readTarGz(path: string, wanted: (name: string) => boolean): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  let pending: Buffer[] = [];
  let pendingLength = 0;
  let nextName: string | undefined;

  const take = (n: number): Buffer => {
    const all = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingLength);
    const head = all.subarray(0, n);
    const rest = all.subarray(n);
    pending = rest.length > 0 ? [rest] : [];
    pendingLength = rest.length;
    return head;
  };

  // State: either waiting for a header, or for the body (+ padding) of the current member.
  let need = BLOCK;
  let inBody = false;
  let member: { name: string; size: number; type: string } | undefined;

  const stream = createReadStream(path).pipe(createGunzip());
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    pending.push(chunk);
    pendingLength += chunk.length;
    while (pendingLength >= need) {
      if (!inBody) {
        const header = take(BLOCK);
        if (header.every((b) => b === 0)) {
          need = BLOCK;
          continue;
        }
        const size = parseInt(field(header, 124, 12).trim() || '0', 8);
        const type = field(header, 156, 1) || '0';
        const prefix = field(header, 345, 155);
        const base = field(header, 0, 100);
        const name = nextName ?? (prefix ? `${prefix}/${base}` : base);
        member = { name, size, type };
        inBody = true;
        need = Math.ceil(size / BLOCK) * BLOCK;
        if (need === 0) {
          inBody = false;
          need = BLOCK;
          nextName = undefined;
        }
      } else if (member) {
        const body = take(need).subarray(0, member.size);
        if (member.type === 'x') {
          nextName = parsePaxPath(body);
        } else if (member.type === 'L') {
          nextName = body.toString('utf8').replace(/\0+$/, '');
        } else {
          if ((member.type === '0' || member.type === '\0') && wanted(member.name)) out.set(member.name, Buffer.from(body));
          nextName = undefined;
        }
        inBody = false;
        need = BLOCK;
        member = undefined;
      }
    }
  }
  return out;
}
