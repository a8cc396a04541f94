import type { ApiErrorShape, ErrorDetail } from './schemas/error';

/**
 * The one error type of the app. Backends throw it; IPC carries its shape; the renderer rebuilds it.
 * `name` is Unleash's error name (BadDataError, NotFoundError, ...) or one of ours for client-side faults
 * (NetworkError, TimeoutError, InvalidResponseError, ValidationError).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly details: { message: string; path?: string }[] | undefined;

  constructor(status: number, name: string, message: string, details?: ErrorDetail[]) {
    super(message);
    this.status = status;
    this.name = name;
    this.details = details?.map((d) => ({ message: d.message ?? message, ...(d.path ? { path: d.path } : {}) }));
  }

  toShape(): ApiErrorShape {
    return {
      status: this.status,
      name: this.name,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
    };
  }

  static from(shape: ApiErrorShape): ApiError {
    return new ApiError(shape.status, shape.name, shape.message, shape.details);
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
