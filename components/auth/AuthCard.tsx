// The frame of the sign-in and setup pages.
import type { ReactNode } from 'react';

export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="auth">
      <div className="auth-card">
        <span className="brand">
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          Agent Orchestration Console
        </span>
        <div className="card stack" style={{ gap: 22 }}>
          <div className="auth-title">
            <h1>{title}</h1>
            <p className="muted">{subtitle}</p>
          </div>
          {children}
        </div>
        {footer && <p className="muted small" style={{ textAlign: 'center' }}>{footer}</p>}
      </div>
    </main>
  );
}
