import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpListener {
  url: string;
  /** Messages accepted so far (raw, quoted-printable soft breaks undone). */
  received: string[];
  /** While true, every message is refused with "mailbox unavailable". */
  isRejecting: boolean;
  close(): Promise<void>;
}

/** A real SMTP listener on loopback that records what it accepts and can refuse on demand. */
export async function startSmtpListener(options: { isRejecting?: boolean } = {}): Promise<SmtpListener> {
  const listener: SmtpListener = {
    url: '',
    received: [],
    isRejecting: options.isRejecting ?? false,
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        if (listener.isRejecting) return callback(new Error('mailbox unavailable'));
        listener.received.push(data.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  listener.url = `smtp://127.0.0.1:${port}`;
  listener.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return listener;
}

/** Polls until `condition` holds (5 s at most). */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
