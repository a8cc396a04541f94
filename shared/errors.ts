import type { ApiErrorShape, ErrorDetail, ErrorKind } from './schemas/error';

export type { ErrorKind } from './schemas/error';

/**
 * The one error type of the app. Backends throw it; IPC carries its shape; the renderer rebuilds it.
 * `name` is Unleash's error name (BadDataError, NotFoundError, ...) or one of ours for client-side faults
 * (NetworkError, TimeoutError, InvalidResponseError, ValidationError). `kind` says what it is to the user, so the
 * renderer never guesses it from a status: status 0 alone cannot tell an unreachable server from a broken bridge.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly kind: ErrorKind;
  readonly details: { message: string; path?: string }[] | undefined;

  /** Without a kind: no answer (status 0) is `unreachable`, a status is the server's refusal. Faults say so. */
  constructor(status: number, name: string, message: string, details?: ErrorDetail[], kind?: ErrorKind) {
    super(message);
    this.status = status;
    this.name = name;
    this.kind = kind ?? (status === 0 ? 'unreachable' : 'refused');
    this.details = details?.map((d) => ({ message: d.message ?? message, ...(d.path ? { path: d.path } : {}) }));
  }

  /** A fault in Flagdesk itself: a bug, a broken bridge, an answer it cannot read. */
  static fault(name: string, message: string, details?: ErrorDetail[], status = 0): ApiError {
    return new ApiError(status, name, message, details, 'fault');
  }

  toShape(): ApiErrorShape {
    return {
      kind: this.kind,
      status: this.status,
      name: this.name,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
    };
  }

  static from(shape: ApiErrorShape): ApiError {
    return new ApiError(shape.status, shape.name, shape.message, shape.details, shape.kind);
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Any thrown value as an ApiError: what is not one already is a fault in Flagdesk (it escaped every handler). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof Error) return ApiError.fault(error.name || 'Error', error.message || String(error));
  return ApiError.fault('UnexpectedError', typeof error === 'string' ? error : safeString(error));
}

function safeString(value: unknown): string {
  try {
    return String(value);
  } catch {
    return 'an unprintable value was thrown';
  }
}
