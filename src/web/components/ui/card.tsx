import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  actions?: ReactNode;
  as?: 'section' | 'div' | 'article';
}

export function Card({ title, actions, as: Element = 'section', className, children, ...rest }: CardProps) {
  return (
    <Element className={['card', className].filter(Boolean).join(' ')} {...rest}>
      {title || actions ? (
        <div className="row card-head">
          {title ? <h2 className="card-title">{title}</h2> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </Element>
  );
}

export function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div>
      <div className="stat-label">{label}</div>
      <div className="stat-value">{value}</div>
      {hint ? <div className="field-hint">{hint}</div> : null}
    </div>
  );
}
