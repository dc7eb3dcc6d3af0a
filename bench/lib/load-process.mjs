// The load of loadElsewhere (harness.ts), in a child process: the generator's work runs beside the
// server's event loop instead of taking turns on it, as a real client's would. Plain JavaScript so
// the child needs no loader; the load comes and the result goes over the IPC channel.
//
// A closed-loop HTTP/1.1 client on plain sockets: each connection keeps one request in flight and
// sends the next one when the answer to the last is complete; every answer's status is counted and
// its latency kept. Each request's bytes are built once, before the load. autocannon with a
// setupRequest rebuilt every request (header objects spread, the request text written again) and
// parsed answers in JavaScript (http-parser-js): about a third of a core at 2,000 reviews/s on the
// two cores the server also runs on (bench/README.md, "Eighth pass").
import { connect } from 'node:net';

const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');
/** An answer that has not come after this long counts as an error, and its connection is opened again. */
const TIMEOUT_MS = 10_000;

/** The bytes of each request, in the variants' order. */
function requestBytes(url, method, variants) {
  const host = `${url.hostname}:${url.port}`;
  const path = `${url.pathname}${url.search}`;
  return variants.map(({ headers, body }) => {
    const bodyBytes = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
    const lines = [`${method} ${path} HTTP/1.1`, `host: ${host}`, 'connection: keep-alive'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (body !== undefined) lines.push(`content-length: ${bodyBytes.length}`);
    return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), bodyBytes]);
  });
}

/**
 * Where the answer at the start of `buffer` ends, with its status and whether the server closes the
 * connection after it; null while it is incomplete. Bodies are delimited by Content-Length or by
 * chunks, as the server sends them.
 */
function completeAnswer(buffer) {
  const headEnd = buffer.indexOf(HEAD_END);
  if (headEnd === -1) return null;
  const head = buffer.toString('latin1', 0, headEnd);
  const status = Number(head.slice(9, 12));
  const closes = /\r\nconnection:[ \t]*close/i.test(head);
  const bodyStart = headEnd + HEAD_END.length;
  const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
  if (length !== null) {
    const end = bodyStart + Number(length[1]);
    return end <= buffer.length ? { end, status, closes } : null;
  }
  if (/\r\ntransfer-encoding:[ \t]*chunked/i.test(head)) {
    let at = bodyStart;
    for (;;) {
      const lineEnd = buffer.indexOf(CRLF, at);
      if (lineEnd === -1) return null;
      const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
      if (size === 0) {
        // The last chunk, then (no trailers are sent) the empty line.
        const end = lineEnd + 2 * CRLF.length;
        return end <= buffer.length ? { end, status, closes } : null;
      }
      at = lineEnd + CRLF.length + size + CRLF.length;
      if (at > buffer.length) return null;
    }
  }
  // No length and not chunked: the body runs to the connection's end (not sent by this server).
  throw new Error(`an answer without Content-Length or chunks: ${head.split('\r\n')[0]}`);
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

process.once('message', ({ url: address, method, connections, duration, variants }) => {
  const url = new URL(address);
  const requests = requestBytes(url, method, variants);
  const latencies = [];
  const statuses = {};
  let errors = 0;
  let next = 0;
  let open = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const stopAt = started + duration * 1000;
  let lastAnswer = started;

  const finish = () => {
    const cpu = process.cpuUsage(cpuBefore);
    const seconds = (lastAnswer - started) / 1000;
    latencies.sort((a, b) => a - b);
    const count = latencies.length;
    const refusals = Object.fromEntries(Object.entries(statuses).filter(([status]) => !status.startsWith('2')));
    const round = (ms) => Math.round(ms * 10) / 10;
    process.send(
      {
        requests: count,
        seconds,
        rps: Math.round(count / seconds),
        p50: round(percentile(latencies, 50)),
        p99: round(percentile(latencies, 99)),
        errors,
        non2xx: Object.values(refusals).reduce((sum, n) => sum + n, 0),
        refusals,
        generatorCpuMs: (cpu.user + cpu.system) / 1000,
      },
      () => process.disconnect(),
    );
  };

  const startConnection = () => {
    open += 1;
    let pending = null;
    let sentAt = 0;
    let inFlight = false;
    const socket = connect({ host: url.hostname, port: Number(url.port), noDelay: true });
    const sendNext = () => {
      if (performance.now() >= stopAt) {
        socket.end();
        return;
      }
      const request = requests[next % requests.length];
      next += 1;
      inFlight = true;
      sentAt = performance.now();
      socket.write(request);
    };
    const timeout = setInterval(() => {
      if (inFlight && performance.now() - sentAt > TIMEOUT_MS) socket.destroy(new Error('timeout'));
    }, 1000);
    socket.on('connect', sendNext);
    socket.on('data', (chunk) => {
      pending = pending === null ? chunk : Buffer.concat([pending, chunk]);
      const answer = completeAnswer(pending);
      if (answer === null) return;
      const now = performance.now();
      inFlight = false;
      lastAnswer = now;
      latencies.push(now - sentAt);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      // One request in flight, so nothing follows the answer but the next answer.
      pending = answer.end < pending.length ? pending.subarray(answer.end) : null;
      if (answer.closes) socket.end();
      else sendNext();
    });
    socket.on('error', () => {
      errors += 1;
    });
    socket.on('close', () => {
      clearInterval(timeout);
      open -= 1;
      // A connection the server closed, or that failed, is opened again while the load lasts.
      if (performance.now() < stopAt) startConnection();
      else if (open === 0) finish();
    });
  };

  for (let i = 0; i < connections; i += 1) startConnection();
});
