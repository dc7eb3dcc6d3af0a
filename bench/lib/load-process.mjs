// autocannon in a child process (see loadElsewhere in harness.ts): the load generator's work then
// runs beside the server's event loop instead of taking turns on it, as a real client's would.
// (Not a worker thread: autocannon treats a worker thread as one of its own.) Plain JavaScript so
// the child needs no loader; the load comes and the result goes over the IPC channel.
import autocannon from 'autocannon';

process.once('message', async ({ url, method, connections, duration, variants }) => {
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        method,
        setupRequest: (request) => {
          const variant = variants[next % variants.length];
          next += 1;
          return {
            ...request,
            headers: { ...request.headers, ...variant.headers },
            ...(variant.body === undefined ? {} : { body: variant.body }),
          };
        },
      },
    ],
  });
  process.send(JSON.parse(JSON.stringify(result)), () => process.disconnect());
});
