import { useId, useState } from 'react';
import { PROTECTION_INFO, PROTECTION_LEVELS, type ProtectionLevel } from '../../../shared/domain/protection';
import type { ProfileView } from '../../../shared/schemas';
import { useActivateProfile, useCaFile, useReachability, useRemoveProfile, useResetDemo, useSetProtection, useTestConnection } from './api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/error-banner';
import { Notice } from '../../components/notice';
import { reviewLevel } from './protection';
import { TestReport } from './test-report';

const TOKEN_LABEL: Record<ProfileView['tokenStorage'], string> = {
  encrypted: 'Token stored encrypted',
  memory: 'Token in memory only',
  none: 'No token stored',
};

interface Props {
  profile: ProfileView;
  active: boolean;
  onEdit: () => void;
}

export function ProfileRow({ profile, active, onEdit }: Props) {
  const activate = useActivateProfile();
  const remove = useRemoveProfile();
  const test = useTestConnection();
  const reset = useResetDemo();
  const setProtection = useSetProtection();
  const protectionId = useId();
  const caFile = useCaFile();
  const reachability = useReachability(profile.id);
  const unreachable = active && reachability.report?.reachable === false ? reachability.report : undefined;
  const [confirming, setConfirming] = useState<'remove' | 'reset' | null>(null);
  const remote = profile.kind === 'remote';
  // Only the active demo can be reset: its data is what every screen shows right now.
  const resettable = !remote && active;
  const error = activate.error ?? remove.error ?? test.error ?? reset.error ?? setProtection.error ?? caFile.choose.error ?? caFile.clear.error ?? (active ? reachability.error : null);

  return (
    <li className={`profile ${active ? 'profile-active' : ''}`} aria-label={`${profile.name}${active ? ' (active)' : ''}`}>
      <div className="profile-main">
        <div className="profile-heading">
          <span className="profile-name">{profile.name}</span>
          <span className={`badge badge-${profile.kind}`}>{remote ? 'Remote' : 'Demo'}</span>
          {active && <span className="badge badge-active">Active</span>}
          {profile.insecureHttp && (
            <span className="badge badge-warning" title="The API token travels unencrypted over plain http">
              insecure http
            </span>
          )}
        </div>
        <p className="profile-meta">
          {remote ? (
            <>
              <span className="mono">{profile.baseUrl}</span>
              <span aria-hidden="true"> · </span>
              <span className={profile.tokenStorage === 'memory' ? 'warning-text' : undefined}>{TOKEN_LABEL[profile.tokenStorage]}</span>
              {profile.caFileName && (
                <>
                  <span aria-hidden="true"> · </span>
                  <span>Trusts CA {profile.caFileName}</span>
                </>
              )}
            </>
          ) : (
            'Built-in sample instance, kept on this computer. Safe to experiment with.'
          )}
        </p>
        <div className="protection-field">
          <label htmlFor={protectionId}>Protection</label>
          <select
            id={protectionId}
            value={profile.protection}
            disabled={setProtection.isPending}
            onChange={(event) => setProtection.mutate({ id: profile.id, protection: event.target.value as ProtectionLevel })}
          >
            {PROTECTION_LEVELS.map((level) => (
              <option key={level} value={level}>
                {PROTECTION_INFO[level].label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="profile-actions">
        {!active && (
          <button type="button" className="button button-primary" onClick={() => activate.mutate(profile.id)} disabled={activate.isPending}>
            {activate.isPending ? 'Activating…' : 'Activate'}
          </button>
        )}
        <button type="button" className="button" onClick={() => test.mutate({ id: profile.id })} disabled={test.isPending}>
          {test.isPending ? 'Testing…' : 'Test connection'}
        </button>
        {remote && (
          <button type="button" className="button" onClick={onEdit}>
            Edit
          </button>
        )}
        {remote && (
          <button type="button" className="button" onClick={() => caFile.choose.mutate(profile.id)} disabled={caFile.choose.isPending}>
            Choose CA file…
          </button>
        )}
        {remote && profile.caFileName && (
          <button type="button" className="button button-quiet" onClick={() => caFile.clear.mutate(profile.id)} disabled={caFile.clear.isPending}>
            Forget CA file
          </button>
        )}
        {remote && (
          <button type="button" className="button button-danger-quiet" onClick={() => setConfirming('remove')} disabled={remove.isPending}>
            Remove
          </button>
        )}
        {resettable && (
          <button type="button" className="button button-danger-quiet" onClick={() => setConfirming('reset')}
            // Resetting rewrites the demo's data: a read-only demo keeps it, and the tooltip says where to change that.
            disabled={reset.isPending || profile.protection === 'read-only'}
            title={profile.protection === 'read-only' ? 'This profile is read-only: set its protection level above to reset its data.' : undefined}
          >
            {reset.isPending ? 'Resetting…' : 'Reset demo data'}
          </button>
        )}
      </div>
      {confirming === 'remove' && (
        <ConfirmDialog
          // Removing a profile changes nothing on its server, so a read-only profile still asks only for a click.
          level={reviewLevel(profile.protection === 'read-only' ? 'confirm' : profile.protection)}
          profileName={profile.name}
          title={`Remove the connection “${profile.name}”?`}
          body={
            <p>
              Flagdesk forgets this connection{profile.baseUrl ? <> to <span className="mono">{profile.baseUrl}</span></> : null}, its
              stored API token and its CA file. Nothing changes on the server.
            </p>
          }
          name={profile.name}
          confirmLabel="Remove connection"
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setConfirming(null);
            remove.mutate(profile.id);
          }}
        />
      )}
      {confirming === 'reset' && (
        <ConfirmDialog
          level={reviewLevel(profile.protection)}
          profileName={profile.name}
          title="Reset the demo to its sample data?"
          body={<p>Every segment, flag, strategy and setting you changed in the demo is replaced by the sample data.</p>}
          name={profile.name}
          confirmLabel="Reset the demo"
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setConfirming(null);
            reset.mutate();
          }}
        />
      )}
      {reset.isSuccess && (
        <p className="profile-extra" role="status">
          The demo is back to its sample data.
        </p>
      )}
      {active && reachability.checking && !unreachable && (
        <p className="profile-extra muted" role="status">
          Checking that the server answers…
        </p>
      )}
      {unreachable && (
        <div className="profile-extra">
          <Notice tone="warning" title={`${profile.name} cannot be reached`}>
            <p>{unreachable.message}</p>
            <p>Every screen stays empty until the server answers.</p>
            <button type="button" className="button" onClick={() => void reachability.check()} disabled={reachability.checking}>
              {reachability.checking ? 'Retrying…' : 'Retry'}
            </button>
          </Notice>
        </div>
      )}
      {test.data && !test.isPending && (
        <div className="profile-extra">
          <TestReport report={test.data} />
        </div>
      )}
      {error && (
        <div className="profile-extra">
          <ErrorBanner error={error} />
        </div>
      )}
    </li>
  );
}
