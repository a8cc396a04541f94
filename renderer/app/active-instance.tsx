import { Link } from 'react-router';
import { ProtectionBadge, useConnectionStatus, useReachability } from '../features/connections';
import { instanceQueries } from '../features/instance';
import { useInstanceQuery } from '../lib/instance-query';

/** The header's answer to "which server am I changing?": profile name, kind and server version. */
export function ActiveInstance() {
  const status = useConnectionStatus();
  const uiConfig = useInstanceQuery(instanceQueries.uiConfig);
  const profile = status.data?.profiles.find((p) => p.id === status.data?.activeProfileId);
  // The check run on activation knows a down server in milliseconds; the version query retries for seconds first.
  const reachability = useReachability(status.data?.activeProfileId ?? '');
  const failed = uiConfig.isError || (!uiConfig.data && reachability.report?.reachable === false);

  let version = 'version …';
  if (uiConfig.data) version = `v${uiConfig.data.version}`;
  else if (failed) version = 'unreachable';

  return (
    <Link to="/connections" className="active-instance" title="Active connection: open Connections">
      <span className={`status-dot ${failed ? 'status-dot-error' : uiConfig.data ? 'status-dot-ok' : ''}`} aria-hidden="true" />
      <span className="active-instance-name" data-testid="active-instance-name">
        {profile ? profile.name : status.isError ? 'No connection' : 'Connecting…'}
      </span>
      {/* The kind matters (sample data or a real server) unless the name already says it. */}
      {profile && profile.name.toLowerCase() !== profile.kind && (
        <span className={`badge badge-${profile.kind}`}>{profile.kind === 'demo' ? 'Demo' : 'Remote'}</span>
      )}
      {profile && <ProtectionBadge level={profile.protection} />}
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
