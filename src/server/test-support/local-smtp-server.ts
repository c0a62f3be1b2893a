/**
 * A real SMTP server on this machine (smtp-server) for campaign tests and the campaign
 * benchmark: it speaks the protocol nodemailer speaks in production, keeps what it received,
 * and can refuse chosen recipients the way a mail server bounces an address.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  recipients: string[];
  /** The raw message (headers and body) when capturing. */
  raw: string;
}

export interface LocalSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Messages accepted, counted even when not captured. */
  acceptedCount(): number;
  close(): Promise<void>;
}

export async function startLocalSmtpServer(options: {
  /** The port to listen on; by default the operating system picks a free one (see `url`). */
  port?: number;
  /** Keep each message's text (off for large benchmarks). */
  capture?: boolean;
  refuseRecipient?: (address: string) => boolean;
}): Promise<LocalSmtpServer> {
  const received: ReceivedMail[] = [];
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1024 * 1024,
    onRcptTo(address, _session, callback) {
      if (options.refuseRecipient?.(address.address)) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (options.capture) chunks.push(chunk);
      });
      stream.on('end', () => {
        accepted += 1;
        if (options.capture) {
          received.push({
            recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    acceptedCount: () => accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
