import net from 'node:net';

/**
 * Tests talk to loopback only (the databases, the fake push provider, the fake SMTP server): any
 * other outbound connection fails at once instead of reaching, or waiting on, the real world.
 */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '::ffff:127.0.0.1']);

type ConnectArgs = Parameters<net.Socket['connect']>;

function hostOf(args: unknown[]): string | null {
  // net.connect() hands the socket its already-normalised arguments as one array.
  if (Array.isArray(args[0])) return hostOf(args[0] as unknown[]);
  const [first, second] = args;
  if (typeof first === 'object' && first !== null) {
    const options = first as { path?: string; host?: string };
    if (options.path !== undefined) return null;
    return options.host ?? 'localhost';
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return null; // a unix socket path
  return typeof second === 'string' ? second : 'localhost';
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: ConnectArgs) {
  const host = hostOf(args);
  if (host !== null && !LOOPBACK.has(host)) {
    throw new Error(`Tests may not connect to ${host}: point the code at a loopback fake instead.`);
  }
  return connect.apply(this, args);
} as typeof connect;
