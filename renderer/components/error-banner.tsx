import { useState } from 'react';
import { toApiError } from '../../shared/errors';
import { faultReport, headlineOf } from './error-details';

export { causeOf } from './error-details';

interface Props {
  error: unknown;
  /** What the user was doing, e.g. "Loading segments". */
  action?: string;
  onRetry?: () => void;
}

/**
 * An error said as what it is (its `kind`, set where it was made): the server cannot be reached (the reason, and
 * Retry), the server refused (its status and message), or a fault in Flagdesk (what failed, and Copy details).
 * Anything thrown that is not an ApiError is a fault.
 */
export function ErrorBanner({ error, action, onRetry }: Props) {
  const apiError = toApiError(error);
  const code = apiError.kind === 'refused' ? `HTTP ${apiError.status} · ${apiError.name}` : apiError.name;
  return (
    <div className="banner banner-error" role="alert" data-error-kind={apiError.kind}>
      <div className="banner-body">
        <p className="banner-title">
          {action ? `${action} failed: ` : ''}
          {action ? headlineOf(apiError) : capitalized(headlineOf(apiError))}
        </p>
        <p className="banner-message">{apiError.message}</p>
        {apiError.details && apiError.details.length > 0 && (
          <ul className="banner-details">
            {apiError.details.map((detail, index) => (
              <li key={index}>
                {detail.path ? <code>{detail.path}</code> : null} {detail.message}
              </li>
            ))}
          </ul>
        )}
        <p className="banner-code">{code}</p>
      </div>
      <div className="banner-actions">
        {apiError.kind === 'fault' && <CopyDetails text={() => faultReport(apiError, error, action, window.location.hash.slice(1))} />}
        {onRetry && (
          <button type="button" className="button" onClick={onRetry}>
            Retry
          </button>
        )}
      </div>
    </div>
  );
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function CopyDetails({ text }: { text: () => string }) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setSaid('Copied');
    } catch {
      setSaid('Could not copy: the clipboard refused');
    }
  };
  return (
    <>
      <button type="button" className="button" onClick={() => void copy()}>
        Copy details
      </button>
      <span role="status" className="banner-code">
        {said}
      </span>
    </>
  );
}
