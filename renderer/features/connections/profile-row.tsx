import { useState } from 'react';
import type { ProfileView } from '../../../shared/schemas';
import { useActivateProfile, useCaFile, useRemoveProfile, useResetDemo, useTestConnection } from './api';
import { ErrorBanner } from '../../components/error-banner';
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
  const caFile = useCaFile();
  const [confirming, setConfirming] = useState(false);
  const remote = profile.kind === 'remote';
  // Only the active demo can be reset: its data is what every screen shows right now.
  const resettable = !remote && active;
  const error = activate.error ?? remove.error ?? test.error ?? reset.error ?? caFile.choose.error ?? caFile.clear.error;

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
        {remote && !confirming && (
          <button type="button" className="button button-danger-quiet" onClick={() => setConfirming(true)}>
            Remove
          </button>
        )}
        {resettable && !confirming && (
          <button type="button" className="button button-danger-quiet" onClick={() => setConfirming(true)}>
            Reset demo data
          </button>
        )}
        {resettable && confirming && (
          <span className="confirm" role="group" aria-label="Reset the demo to its sample data?">
            <button
              type="button"
              className="button button-danger"
              onClick={() => reset.mutate(undefined, { onSettled: () => setConfirming(false) })}
              disabled={reset.isPending}
            >
              {reset.isPending ? 'Resetting…' : 'Confirm reset'}
            </button>
            <button type="button" className="button button-quiet" onClick={() => setConfirming(false)}>
              Keep my changes
            </button>
          </span>
        )}
        {remote && confirming && (
          <span className="confirm" role="group" aria-label={`Remove ${profile.name}?`}>
            <button
              type="button"
              className="button button-danger"
              onClick={() => remove.mutate(profile.id, { onSettled: () => setConfirming(false) })}
              disabled={remove.isPending}
            >
              Confirm remove
            </button>
            <button type="button" className="button button-quiet" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </span>
        )}
      </div>
      {reset.isSuccess && !confirming && (
        <p className="profile-extra" role="status">
          The demo is back to its sample data.
        </p>
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
