// The limit server of limit.ts (startLimitElsewhere) in a child process: the captured pages come
// over the IPC channel (advanced serialization, so bytes stay bytes), the address goes back, and
// `close` ends it.
import { startLimitServer, type Captured } from './limit.js';

const pages = await new Promise<Map<string, Captured>>((resolve) => process.once('message', (m) => resolve(m as Map<string, Captured>)));
const limit = await startLimitServer(pages);
process.on('message', (message) => {
  if (message === 'close') void limit.close().then(() => process.exit(0));
});
process.send!({ url: limit.url });
