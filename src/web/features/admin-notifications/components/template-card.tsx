import type { NotificationTemplate } from '../../../../shared/notifications/contracts';
import { Button } from '../../../components/ui/button';
import { Badge } from '../../../components/ui/feedback';

/** A template as the list shows it (admin spec 2): status, type, subject, body clamped, variables. */
export function TemplateCard({
  template,
  mayManage,
  isToggling,
  onEdit,
  onToggle,
}: {
  template: NotificationTemplate;
  mayManage: boolean;
  isToggling: boolean;
  onEdit(): void;
  onToggle(): void;
}) {
  const variables = Object.keys(template.variables);
  return (
    <article className="notification-card" aria-labelledby={`template-${template.id}`}>
      <header className="notification-card-header">
        <div className="notification-card-title">
          <h3 id={`template-${template.id}`}>{template.name}</h3>
          <div className="notification-card-badges">
            <Badge tone={template.is_active ? 'success' : 'neutral'}>
              {template.is_active ? 'Active' : 'Inactive'}
            </Badge>
            <span className="channel-tag">{template.type.toUpperCase()}</span>
          </div>
        </div>
        {mayManage ? (
          <div className="notification-card-actions">
            <Button variant="ghost" size="sm" onClick={onEdit}>
              Edit
            </Button>
            <Button variant="secondary" size="sm" onClick={onToggle} isBusy={isToggling}>
              {template.is_active ? 'Deactivate' : 'Activate'}
            </Button>
          </div>
        ) : null}
      </header>
      {template.subject ? <p className="template-subject">{template.subject}</p> : null}
      <p className="template-body">{template.body}</p>
      {variables.length > 0 ? (
        <ul className="template-variables" aria-label="Variables">
          {variables.map((name) => (
            <li key={name}>
              <code>{`{{${name}}}`}</code>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
