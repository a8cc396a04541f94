import type { ReactNode } from 'react';

interface Props {
  tone: 'info' | 'warning';
  title: string;
  children?: ReactNode;
  onDismiss?: () => void;
}

/** A non-error banner: warnings the user should know about and one-off notices. */
export function Notice({ tone, title, children, onDismiss }: Props) {
  return (
    <div className={`banner banner-${tone}`} role={tone === 'warning' ? 'alert' : 'status'}>
      <div className="banner-body">
        <p className="banner-title">{title}</p>
        {children ? <div className="banner-message">{children}</div> : null}
      </div>
      {onDismiss && (
        <button type="button" className="button button-quiet" onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}
