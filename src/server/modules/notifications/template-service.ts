import { AppError } from '../../../shared/errors/app-error';
import type { NotificationTemplate, TemplateValuesInput } from '../../../shared/notifications/contracts';
import type { AppContext } from '../../context';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import type { AdminPrincipal } from '../admin-auth/admin-guard';
import {
  findTemplate,
  insertTemplate,
  listTemplates,
  setTemplateActive,
  updateTemplate,
} from './template-repository';

const templateNotFound = () => new AppError('not_found', { message: 'Template not found' });

/** The template's fields the audit log compares (not its timestamps). */
function audited(template: NotificationTemplate): Record<string, unknown> {
  const {
    created_at: _created,
    updated_at: _updated,
    ...fields
  } = template as NotificationTemplate & {
    created_at?: unknown;
    updated_at?: unknown;
  };
  return fields;
}

export function listNotificationTemplates(context: AppContext): Promise<NotificationTemplate[]> {
  return listTemplates(context.db);
}

export function createNotificationTemplate(
  context: AppContext,
  admin: AdminPrincipal,
  values: TemplateValuesInput,
): Promise<NotificationTemplate> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const template = await insertTemplate(tx, values, now);
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'template.create',
      target: { type: 'template', id: template.id },
      after: audited(template),
      at: now,
    });
    return template;
  });
}

export async function updateNotificationTemplate(
  context: AppContext,
  admin: AdminPrincipal,
  id: string,
  values: TemplateValuesInput,
): Promise<NotificationTemplate> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const before = await findTemplate(tx, id);
    const template = await updateTemplate(tx, id, values, now);
    if (!before || !template) throw templateNotFound();
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'template.update',
      target: { type: 'template', id },
      before: audited(before),
      after: audited(template),
      at: now,
    });
    return template;
  });
}

export async function setNotificationTemplateActive(
  context: AppContext,
  admin: AdminPrincipal,
  id: string,
  isActive: boolean,
): Promise<NotificationTemplate> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const before = await findTemplate(tx, id);
    const template = await setTemplateActive(tx, id, isActive, now);
    if (!before || !template) throw templateNotFound();
    if (before.is_active !== template.is_active) {
      await recordAdminAudit(tx, {
        ...auditBy(admin),
        action: isActive ? 'template.activate' : 'template.deactivate',
        target: { type: 'template', id },
        before: { is_active: before.is_active },
        after: { is_active: template.is_active },
        at: now,
      });
    }
    return template;
  });
}
