import { ApiError } from '../../shared/errors';
import { redactTokenShapes } from '../../shared/security/token-shapes';

/** A short human cause for a refusal's status, shown beside the server's own message. */
export function causeOf(status: number): string {
  if (status === 401) return 'not authenticated';
  if (status === 403) return 'not allowed';
  if (status === 404) return 'not found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'too large';
  if (status >= 500) return 'server error';
  if (status >= 400) return 'request rejected';
  return 'unexpected answer';
}

/** The headline of an error, by what it is (never guessed from the status). */
export function headlineOf(error: ApiError): string {
  switch (error.kind) {
    case 'unreachable':
      return 'the server cannot be reached';
    case 'refused':
      return `the server refused it (HTTP ${error.status}, ${causeOf(error.status)})`;
    case 'fault':
      return 'a fault in Flagdesk';
  }
}

const STACK_LINES = 12;

/**
 * The text "Copy details" puts on the clipboard for a bug report: what failed, the error and where it was thrown.
 * Token shapes are scrubbed (the renderer never knows the token itself, so it cannot look for it verbatim).
 */
export function faultReport(error: ApiError, original: unknown, action: string | undefined, where: string): string {
  const stack = original instanceof Error && original.stack ? original.stack.split('\n').slice(0, STACK_LINES).join('\n') : '';
  const lines = [
    'Flagdesk fault',
    `What failed: ${action ?? 'an action'}`,
    `Screen: ${where || '/'}`,
    `Error: ${error.name}: ${error.message}`,
    ...(error.status ? [`Status: ${error.status}`] : []),
    ...(error.details ?? []).map((d) => `Detail: ${d.path ? `${d.path}: ` : ''}${d.message}`),
    ...(stack ? ['Stack:', stack] : []),
  ];
  return redactTokenShapes(lines.join('\n'));
}
