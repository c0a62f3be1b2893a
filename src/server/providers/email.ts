import nodemailer from 'nodemailer';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

export interface EmailProvider {
  readonly name: 'smtp' | 'outbox';
  /** Delivers the message; throws when the provider refuses it. */
  send(message: EmailMessage): Promise<{ providerMessageId?: string }>;
  close(): Promise<void>;
}

export function smtpEmailProvider(smtpUrl: string, from: string): EmailProvider {
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    name: 'smtp',
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
      return { providerMessageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}

/** The default without SMTP: the message is only recorded in the outbox (GET /dev/outbox). */
export function outboxOnlyEmailProvider(): EmailProvider {
  return {
    name: 'outbox',
    async send() {
      return {};
    },
    async close() {},
  };
}
