import { desc, eq } from 'drizzle-orm';
import type { NotificationTemplate, TemplateValuesInput } from '../../../shared/notifications/contracts';
import type { Executor } from '../../db/client';
import { notificationTemplates } from '../../db/schema';

type TemplateRow = typeof notificationTemplates.$inferSelect;

function variablesOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export function toTemplate(row: TemplateRow): NotificationTemplate {
  return {
    id: row.id,
    name: row.name,
    type: row.type === 'sms' ? 'sms' : 'email',
    subject: row.subject,
    body: row.body,
    variables: variablesOf(row.variables),
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listTemplates(db: Executor): Promise<NotificationTemplate[]> {
  const rows = await db
    .select()
    .from(notificationTemplates)
    .orderBy(desc(notificationTemplates.createdAt), desc(notificationTemplates.id));
  return rows.map(toTemplate);
}

export async function findTemplate(db: Executor, id: string): Promise<NotificationTemplate | null> {
  const [row] = await db.select().from(notificationTemplates).where(eq(notificationTemplates.id, id));
  return row ? toTemplate(row) : null;
}

export async function insertTemplate(
  db: Executor,
  values: TemplateValuesInput,
  now: Date,
): Promise<NotificationTemplate> {
  const [row] = await db
    .insert(notificationTemplates)
    .values({
      name: values.name,
      type: values.type,
      subject: values.subject,
      body: values.body,
      variables: values.variables,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toTemplate(row!);
}

export async function updateTemplate(
  db: Executor,
  id: string,
  values: TemplateValuesInput,
  now: Date,
): Promise<NotificationTemplate | null> {
  const [row] = await db
    .update(notificationTemplates)
    .set({
      name: values.name,
      type: values.type,
      subject: values.subject,
      body: values.body,
      variables: values.variables,
      updatedAt: now,
    })
    .where(eq(notificationTemplates.id, id))
    .returning();
  return row ? toTemplate(row) : null;
}

export async function setTemplateActive(
  db: Executor,
  id: string,
  isActive: boolean,
  now: Date,
): Promise<NotificationTemplate | null> {
  const [row] = await db
    .update(notificationTemplates)
    .set({ isActive, updatedAt: now })
    .where(eq(notificationTemplates.id, id))
    .returning();
  return row ? toTemplate(row) : null;
}
