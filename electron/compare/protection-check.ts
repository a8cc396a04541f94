import type { ProtectionLevel } from '../../shared/domain/protection';
import type { ProtectionConfirmation } from '../../shared/schemas';
import { ApiError } from '../../shared/errors';

/**
 * The right profile's protection level over a whole promotion or revert, held in main: the compare channels write
 * to a profile that need not be the active one, so the read-only guard (electron/ipc/read-only-guard.ts, which
 * looks at the active profile) cannot hold them. Read-only refuses whatever is sent; "type the name" wants the
 * profile's name exactly; "confirm" wants the confirmation.
 */
/** Why nothing is written to a read-only profile: the plan's blocked line and apply's refusal say the same. */
export function readOnlyReason(profileName: string): string {
  return `"${profileName}" is read-only: Flagdesk changes nothing on its server. Change its protection level in Connections to promote to it.`;
}

export function checkProtection(level: ProtectionLevel, profileName: string, confirmation: ProtectionConfirmation): void {
  if (level === 'read-only') {
    throw new ApiError(403, 'ReadOnlyProfileError', readOnlyReason(profileName));
  }
  if (level === 'type-name' && confirmation.typedName !== profileName) {
    throw new ApiError(403, 'ConfirmationRequiredError', `Type the name of the right side, "${profileName}", to confirm: its protection level asks for it.`);
  }
  if (level === 'confirm' && !confirmation.confirmed) {
    throw new ApiError(403, 'ConfirmationRequiredError', `"${profileName}" asks for confirmation before it is changed.`);
  }
}
