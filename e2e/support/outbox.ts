import { nextClientAddress } from './browser';

export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  created_at: string;
}

/** Waits for the newest outbox message to an address (dev outbox, newest first). */
export async function waitForOutboxMessage(
  baseUrl: string,
  to: string,
  options: { channel?: 'email' | 'sms'; after?: string; timeoutMs?: number } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  // The test harness polling the dev outbox is a client of its own, not the browser under test.
  const headers = { 'x-forwarded-for': nextClientAddress() };
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/dev/outbox.json`, { headers });
    const messages = (await response.json()) as OutboxMessage[];
    const match = messages.find(
      (message) =>
        message.to === to &&
        (!options.channel || message.channel === options.channel) &&
        (!options.after || message.created_at > options.after),
    );
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No ${options.channel ?? ''} message to ${to} arrived in the outbox`);
}
