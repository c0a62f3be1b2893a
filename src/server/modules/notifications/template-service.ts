import { AppError } from '../../../shared/errors/app-error';
import type { NotificationTemplate, TemplateValuesInput } from '../../../shared/notifications/contracts';
import type { AppContext } from '../../context';
import { insertTemplate, listTemplates, setTemplateActive, updateTemplate } from './template-repository';

const templateNotFound = () => new AppError('not_found', { message: 'Template not found' });

export function listNotificationTemplates(context: AppContext): Promise<NotificationTemplate[]> {
  return listTemplates(context.db);
}

export function createNotificationTemplate(
  context: AppContext,
  values: TemplateValuesInput,
): Promise<NotificationTemplate> {
  return insertTemplate(context.db, values, context.clock.now());
}

export async function updateNotificationTemplate(
  context: AppContext,
  id: string,
  values: TemplateValuesInput,
): Promise<NotificationTemplate> {
  const template = await updateTemplate(context.db, id, values, context.clock.now());
  if (!template) throw templateNotFound();
  return template;
}

export async function setNotificationTemplateActive(
  context: AppContext,
  id: string,
  isActive: boolean,
): Promise<NotificationTemplate> {
  const template = await setTemplateActive(context.db, id, isActive, context.clock.now());
  if (!template) throw templateNotFound();
  return template;
}
