import { Link } from 'react-router';
import { useConnectionStatus } from '../features/connections';
import { instanceQueries } from '../features/instance';
import { useInstanceQuery } from '../lib/instance-query';

/** The header's answer to "which server am I changing?": profile name, kind and server version. */
export function ActiveInstance() {
  const status = useConnectionStatus();
  const uiConfig = useInstanceQuery(instanceQueries.uiConfig);
  const profile = status.data?.profiles.find((p) => p.id === status.data?.activeProfileId);

  let version = 'version …';
  if (uiConfig.data) version = `v${uiConfig.data.version}`;
  else if (uiConfig.isError) version = 'unreachable';

  return (
    <Link to="/connections" className="active-instance" title="Active connection: open Connections">
      <span className={`status-dot ${uiConfig.isError ? 'status-dot-error' : uiConfig.data ? 'status-dot-ok' : ''}`} aria-hidden="true" />
      <span className="active-instance-name" data-testid="active-instance-name">
        {profile ? profile.name : status.isError ? 'No connection' : 'Connecting…'}
      </span>
      {/* The kind matters (sample data or a real server) unless the name already says it. */}
      {profile && profile.name.toLowerCase() !== profile.kind && (
        <span className={`badge badge-${profile.kind}`}>{profile.kind === 'demo' ? 'Demo' : 'Remote'}</span>
      )}
      {status.data?.activeInsecureHttp && (
        <span className="badge badge-warning" title="The API token travels unencrypted over plain http">
          insecure http
        </span>
      )}
      {profile && (
        <span className="active-instance-version" data-testid="active-instance-version">
          {version}
        </span>
      )}
    </Link>
  );
}
