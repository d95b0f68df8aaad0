import net from "node:net";

// Outage tests (docs/deploy.md "When the database is gone") put this between the code under test
// and its PostgreSQL: every connection attempt, whichever part of a process makes it, is counted.

/** A TCP relay to the database that counts the connections made through it. */
export function countingRelay(target: { host: string; port: number }) {
  let connections = 0;
  const server = net.createServer((client) => {
    connections++;
    const upstream = net.connect(target.port, target.host);
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
  });
  return {
    connections: () => connections,
    listen: () => new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
