import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { outboxMessages } from '../../db/schema';

export interface OutboxRecord {
  channel: 'email' | 'sms';
  toAddress: string;
  subject?: string | null;
  text: string;
  html?: string | null;
  headers?: Record<string, string>;
  status: 'sent' | 'failed';
  provider: string;
  providerMessageId?: string | null;
  errorMessage?: string | null;
}

export async function insertOutboxMessage(db: Executor, record: OutboxRecord): Promise<string> {
  const [row] = await db
    .insert(outboxMessages)
    .values({
      channel: record.channel,
      toAddress: record.toAddress,
      subject: record.subject ?? null,
      text: record.text,
      html: record.html ?? null,
      headers: record.headers ?? {},
      status: record.status,
      provider: record.provider,
      providerMessageId: record.providerMessageId ?? null,
      errorMessage: record.errorMessage ?? null,
    })
    .returning({ id: outboxMessages.id });
  return row!.id;
}

export async function listOutboxMessages(db: Executor, limit: number) {
  return db
    .select()
    .from(outboxMessages)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);
}

export async function findOutboxMessage(db: Executor, id: string) {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row;
}
