import net from 'node:net';

/**
 * Where the local cloud's services listen: below every system's range of ports for outgoing
 * connections (Linux 32768-60999, macOS and Windows 49152-65535). A port the system picks with
 * `listen(0)` lies in that range, and between checking it and a child service binding it (a
 * JVM takes seconds to start), any outgoing connection on the machine may take it as its own
 * source port: DynamoDB Local then fails with "Address already in use". Nothing takes a port
 * from this range by itself.
 */
const FIRST_PORT = 20_000;
const PORTS = 12_000;

/** Whether `port` can be listened on on loopback right now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port that is free on loopback right now, for a child service, from a range no system hands out. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = FIRST_PORT + Math.floor(Math.random() * PORTS);
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port between ${FIRST_PORT} and ${FIRST_PORT + PORTS - 1}`);
}
