import { ApiError } from '../../shared/errors';
import { invalidOperation, notFound } from '../backend/errors';

/** The errors connection handling answers with; one sentence each, never a token. */

export function profileNotFound(id: string): ApiError {
  return notFound(`No connection profile exists with id "${id}".`);
}

export function demoProfileReadOnly(): ApiError {
  return invalidOperation('The built-in demo profile cannot be edited or removed.');
}

export function tokenMissing(profileName: string): ApiError {
  return new ApiError(
    409,
    'TokenMissingError',
    `No API token is stored for "${profileName}" (it was kept in memory only): edit the profile and enter it again.`,
  );
}

export function notOnDemo(profileName: string): ApiError {
  return new ApiError(
    409,
    'NotDemoError',
    `Reset works only on the built-in demo, and "${profileName}" is active: switch to the demo first.`,
  );
}

/** A stored token is bound to the origin it was entered for: a new origin needs a new token. */
export function tokenOriginChanged(from: string, to: string): ApiError {
  return new ApiError(
    400,
    'TokenOriginError',
    `The address moved from ${from} to ${to}: enter the API token for the new server (the stored token is only ever sent to ${from}).`,
  );
}

export function insecureHttpRefused(problem: string): ApiError {
  return new ApiError(400, 'InsecureTransportError', problem);
}

export function noDialogs(): ApiError {
  return new ApiError(501, 'NotAvailableError', 'Choosing a file is not available here.');
}

export function profilesReadOnly(): ApiError {
  return new ApiError(
    409,
    'ReadOnlyProfilesError',
    'Saved connections are read-only in this session (see the notice): this change cannot be stored.',
  );
}

/** Switching away closes the demo's store; with its saves failing, that would lose the changes. */
export function unsavedDemoChanges(problem: string | undefined): ApiError {
  return new ApiError(
    409,
    'UnsavedChangesError',
    `The demo's latest changes could not be saved${problem ? ` (${problem.replace(/\.$/, '')})` : ''}, and switching would lose them: stay on the demo until a save succeeds (Flagdesk keeps retrying), or quit, which offers to save a copy.`,
  );
}
