import { useMatch, useNavigate, useParams } from 'react-router';
import { useInstanceQuery } from '../../lib/instance-query';
import { instanceQueries } from '../instance';
import { useConnectionStatus, useReachability } from './api';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { Notice } from '../../components/notice';
import { PageHeader } from '../../components/page-header';
import { ProfileForm } from './profile-form';
import { ProfileRow } from './profile-row';

type Editor = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; id: string };

/** The form's state lives in the URL: /connections/new, /connections/:id/edit. */
function useEditor(): Editor {
  const adding = useMatch('/connections/new');
  const { profileId } = useParams();
  if (adding) return { mode: 'add' };
  if (profileId) return { mode: 'edit', id: profileId };
  return { mode: 'closed' };
}

export default function ConnectionsScreen() {
  const status = useConnectionStatus();
  const uiConfig = useInstanceQuery(instanceQueries.uiConfig);
  const reachability = useReachability(status.data?.activeProfileId ?? '');
  const editor = useEditor();
  const navigate = useNavigate();
  const close = () => void navigate('/connections');

  if (status.isPending) return <Loading label="Loading connections…" />;
  if (status.isError) return <ErrorBanner error={status.error} action="Loading connections" onRetry={() => void status.refetch()} />;

  const { profiles, activeProfileId, encryptionAvailable } = status.data;
  const active = profiles.find((p) => p.id === activeProfileId);
  const editing = editor.mode === 'edit' ? profiles.find((p) => p.id === editor.id) : undefined;

  return (
    <section aria-label="Connections">
      <PageHeader
        title="Connections"
        description="The Unleash instances Flagdesk can manage. Every screen works on the active one."
        actions={
          editor.mode === 'closed' ? (
            <button type="button" className="button button-primary" onClick={() => void navigate('/connections/new')}>
              Add remote connection
            </button>
          ) : null
        }
      />
      {!encryptionAvailable && (
        <Notice tone="warning" title="Tokens cannot be encrypted on this computer">
          The operating system offers no keychain to Flagdesk, so the token is kept in memory only and will be asked for
          again next launch.
        </Notice>
      )}
      {active && (
        <div className="card active-card" aria-label="Active connection">
          <p className="eyebrow">Active connection</p>
          <p className="active-card-name">{active.name}</p>
          <dl className="facts">
            <div>
              <dt>Type</dt>
              <dd>{active.kind === 'demo' ? 'Demo (built in)' : 'Remote'}</dd>
            </div>
            {active.baseUrl && (
              <div>
                <dt>Address</dt>
                <dd className="mono">{active.baseUrl}</dd>
              </div>
            )}
            <div>
              <dt>Server version</dt>
              <dd data-testid="active-version">{uiConfig.data?.version ?? (uiConfig.isError || reachability.report?.reachable === false ? 'unreachable' : 'checking…')}</dd>
            </div>
          </dl>
          {uiConfig.isError && <ErrorBanner error={uiConfig.error} action="Reaching the active server" onRetry={() => void uiConfig.refetch()} />}
        </div>
      )}
      {editor.mode !== 'closed' && (
        <ProfileForm
          key={editor.mode === 'edit' ? editor.id : 'new'}
          editing={editing}
          encryptionAvailable={encryptionAvailable}
          onDone={close} />
      )}
      <h2 className="section-title">All connections</h2>
      <ul className="profiles" aria-label="All connections">
        {profiles.map((profile) => (
          <ProfileRow
            // A new key when the row becomes (in)active: a test report about the old state does not linger.
            key={`${profile.id}:${profile.id === activeProfileId}`}
            profile={profile}
            active={profile.id === activeProfileId}
            onEdit={() => void navigate(`/connections/${encodeURIComponent(profile.id)}/edit`)}
          />
        ))}
      </ul>
    </section>
  );
}
