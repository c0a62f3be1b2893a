import type { Database } from '../../db/client';
import type { EmailMessage, EmailProvider } from '../../providers/email';
import type { SmsMessage, SmsProvider } from '../../providers/sms';
import { insertOutboxMessage } from './repository';

export interface SentMessage {
  outboxMessageId: string;
  status: 'sent' | 'failed';
  errorMessage?: string;
}

export interface MessageService {
  sendEmail(message: EmailMessage): Promise<SentMessage>;
  sendSms(message: SmsMessage): Promise<SentMessage>;
}

/**
 * Sends through the configured provider and records every message in the outbox table.
 * In production only the envelope is kept: bodies can hold sign-in links and codes.
 */
export function createMessageService(options: {
  db: Database;
  email: EmailProvider;
  sms: SmsProvider;
  keepBodies: boolean;
}): MessageService {
  const { db, email, sms, keepBodies } = options;
  return {
    async sendEmail(message) {
      let providerMessageId: string | undefined;
      let errorMessage: string | undefined;
      try {
        providerMessageId = (await email.send(message)).providerMessageId;
      } catch (error) {
        errorMessage = error instanceof Error ? error.message : 'E-mail provider error';
      }
      const status = errorMessage ? 'failed' : 'sent';
      const outboxMessageId = await insertOutboxMessage(db, {
        channel: 'email',
        toAddress: message.to,
        subject: message.subject,
        text: keepBodies ? message.text : '',
        html: keepBodies ? (message.html ?? null) : null,
        headers: message.headers,
        status,
        provider: email.name,
        providerMessageId,
        errorMessage,
      });
      return { outboxMessageId, status, ...(errorMessage ? { errorMessage } : {}) };
    },
    async sendSms(message) {
      let providerMessageId: string | undefined;
      let errorMessage: string | undefined;
      try {
        providerMessageId = (await sms.send(message)).providerMessageId;
      } catch (error) {
        errorMessage = error instanceof Error ? error.message : 'SMS provider error';
      }
      const status = errorMessage ? 'failed' : 'sent';
      const outboxMessageId = await insertOutboxMessage(db, {
        channel: 'sms',
        toAddress: message.to,
        text: keepBodies ? message.text : '',
        status,
        provider: sms.name,
        providerMessageId,
        errorMessage,
      });
      return { outboxMessageId, status, ...(errorMessage ? { errorMessage } : {}) };
    },
  };
}
