import { connect, type Socket } from 'node:net';

/** What came back on a raw socket before the server closed it, and after how long. */
export interface RawAnswer {
  status: number | null;
  contentType: string;
  body: string;
  closedAfterMs: number;
}

/**
 * Sends `head` on a fresh TCP connection, then calls `drip` with the socket (a slow client writes
 * there on its own schedule), and resolves once the server closes the connection (or after
 * `giveUpMs`: status null). For what app.inject cannot reach: Node's HTTP parser and timeouts.
 */
export function rawRequest(
  port: number,
  head: string,
  { drip, giveUpMs = 10_000 }: { drip?: (socket: Socket) => () => void; giveUpMs?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let stopDrip: (() => void) | undefined;
    const finish = () => {
      stopDrip?.();
      clearTimeout(giveUp);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      const body = received.includes('\r\n\r\n')
        ? received.slice(received.indexOf('\r\n\r\n') + 4)
        : '';
      resolve({
        status: status ? Number(status) : null,
        contentType: /\r\ncontent-type: ([^\r]*)/i.exec(received)?.[1] ?? '',
        body,
        closedAfterMs: Math.round(performance.now() - started),
      });
    };
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('close', finish);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('connect', () => {
      socket.write(head);
      stopDrip = drip?.(socket);
    });
  });
}
