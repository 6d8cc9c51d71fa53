import './account.css';
import type { ReactNode } from 'react';

/** The frame of every account screen: a centred card with its heading, a line under it, and links at the foot. */
export function AccountCard({
  title,
  lead,
  children,
  footer,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="account-page">
      <div className="account-card">
        <h1>{title}</h1>
        {lead ? <p className="account-lead">{lead}</p> : null}
        {children}
        {footer ? <div className="account-footer">{footer}</div> : null}
      </div>
    </section>
  );
}
