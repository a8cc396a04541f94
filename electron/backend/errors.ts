import { ApiError } from '../../shared/errors';
import type { ErrorDetail } from '../../shared/schemas/error';

/**
 * Unleash's error names and message templates (docs/server-behaviour.md#errors), so that the demo backend, the HTTP face
 * and the remote backend all speak the same words.
 */

const VALIDATION_PREFIX = 'Request validation failed: your request body or params contain invalid data';

/** A plain-message BadDataError: message wraps the raw text, details carry it alone. */
export function badData(raw: string): ApiError {
  return new ApiError(400, 'BadDataError', `${VALIDATION_PREFIX}: ${raw}`, [{ message: raw }]);
}

/** A schema (OpenAPI/joi) BadDataError: a generic message and the details list. */
export function badDataDetails(details: ErrorDetail[]): ApiError {
  return new ApiError(
    400,
    'BadDataError',
    `${VALIDATION_PREFIX}. Refer to the \`details\` list for more information.`,
    details,
  );
}

/** The schema detail of a value outside an enum, in Unleash's words (it names the property alone, unquoted values). */
export function notAllowedDetail(property: string, allowed: readonly unknown[], provided: unknown): ErrorDetail & { path: string; message: string } {
  const list = allowed.map((value) => `"${String(value)}"`).join(', ');
  return {
    path: property,
    message: `The \`${property}\` property must be equal to one of the allowed values: ${list}. You provided "${String(provided)}", which is not valid. Please use one of the allowed values instead..`,
  };
}

export function notFound(message = 'The requested resource could not be found'): ApiError {
  return new ApiError(404, 'NotFoundError', message);
}

export function nameExists(message: string): ApiError {
  return new ApiError(409, 'NameExistsError', message);
}

export function exceedsLimit(resource: string, limit: number): ApiError {
  return new ApiError(
    400,
    'ExceedsLimitError',
    `Failed to create ${resource}. You can't create more than the established limit of ${limit}.`,
  );
}

export function invalidOperation(message: string): ApiError {
  return new ApiError(403, 'InvalidOperationError', message);
}

/** Unleash maps plain errors (and DB failures) to 500 UnknownError with the original message. */
export function unknownError(message: string): ApiError {
  return new ApiError(500, 'UnknownError', message);
}

/**
 * The real server answers a DELETE of a segment in use with 409 and an empty body; we give that answer a name and
 * a sentence so users learn why. The HTTP face sends it with an empty body, as Unleash does.
 */
export function segmentInUse(segmentName: string, strategyCount: number | undefined): ApiError {
  const usage =
    strategyCount === undefined
      ? 'by one or more strategies'
      : `by ${strategyCount} ${strategyCount === 1 ? 'strategy' : 'strategies'}`;
  return new ApiError(409, 'SegmentInUseError', `Segment "${segmentName}" is in use ${usage} and cannot be deleted.`);
}

/**
 * Flagdesk's own refusal (the server deletes a strategy type whatever uses it, and the flag strategies that named it
 * are left naming nothing; seen on 6.10.1): a type is deleted only once no strategy of an active flag uses it.
 */
export function strategyTypeInUse(name: string, strategyCount: number): ApiError {
  const strategies = `${strategyCount} flag ${strategyCount === 1 ? 'strategy' : 'strategies'}`;
  return new ApiError(409, 'StrategyTypeInUseError', `Strategy type "${name}" is used by ${strategies} and cannot be deleted.`);
}

export function segmentNotFound(id: number | string): ApiError {
  return notFound(`No segment exists with ID "${id}"`);
}
