import net from 'node:net';

export type FakeSmtpServer = {
  url: string;
  /** The DATA of every message received, in order. */
  messages: string[];
  close(): Promise<void>;
};

/**
 * A minimal SMTP server on a free local port that accepts every message: enough protocol for
 * nodemailer (no TLS, no auth) so tests exercise the real mail path without a network.
 */
export async function startFakeSmtpServer(): Promise<FakeSmtpServer> {
  const messages: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let data: string[] | null = null;
    socket.write('220 fake-smtp ready\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf('\r\n');
      while (end !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\r\n');
        if (data) {
          if (line === '.') {
            messages.push(data.join('\n'));
            data = null;
            socket.write('250 queued\r\n');
          } else data.push(line);
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250 fake-smtp\r\n');
        else if (command === 'DATA') {
          data = [];
          socket.write('354 go ahead\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo; // listen() on TCP always gives this shape
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A local port with nothing listening: a mail server that is down. */
export async function findClosedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
