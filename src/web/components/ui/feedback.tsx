import type { ReactNode } from 'react';

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

export function Alert({
  tone = 'info',
  children,
  title,
}: {
  tone?: AlertTone;
  children: ReactNode;
  title?: string;
}) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div>
        {title ? <strong>{title} </strong> : null}
        {children}
      </div>
    </div>
  );
}

export type BadgeTone = 'neutral' | 'success' | 'danger' | 'warning' | 'accent';

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={tone === 'neutral' ? 'badge' : `badge badge-${tone}`}>{children}</span>;
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <span className="spinner" role="status" aria-label={label} />;
}

/** The spec's loading text ('Loading...') with a spinner. */
export function LoadingState({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className="loading-state" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state">
      <p className="empty-state-title">{title}</p>
      {children ? <p>{children}</p> : null}
      {action}
    </div>
  );
}

export function ErrorState({ title = 'Error', message }: { title?: string; message: string }) {
  return (
    <div className="empty-state" role="alert">
      <p className="empty-state-title empty-state-title-danger">{title}</p>
      <p>{message}</p>
    </div>
  );
}
