import { ApiError } from '../../shared/errors';

/** A short human cause for a status, shown beside the server's own message. */
export function causeOf(error: ApiError): string {
  const { status } = error;
  if (status === 0) return 'Could not reach the server';
  if (status === 401) return 'Not authenticated';
  if (status === 403) return 'Not allowed';
  if (status === 404) return 'Not found';
  if (status === 409) return 'Conflict';
  if (status === 413) return 'Too large';
  if (status >= 500) return 'Server error';
  if (status >= 400) return 'Request rejected';
  return 'Unexpected answer';
}

function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError(0, 'UnexpectedError', message);
}

interface Props {
  error: unknown;
  /** What the user was doing, e.g. "Loading segments". */
  action?: string;
  onRetry?: () => void;
}

export function ErrorBanner({ error, action, onRetry }: Props) {
  const apiError = asApiError(error);
  const code = apiError.status > 0 ? `HTTP ${apiError.status} · ${apiError.name}` : apiError.name;
  return (
    <div className="banner banner-error" role="alert">
      <div className="banner-body">
        <p className="banner-title">
          {action ? `${action} failed: ` : ''}
          {causeOf(apiError)}
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
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
