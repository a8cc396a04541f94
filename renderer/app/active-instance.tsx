import { Link } from 'react-router';
import { ProtectionBadge, useConnectionStatus, useReachability } from '../features/connections';
import { instanceQueries } from '../features/instance';
import { useInstanceQuery } from '../lib/instance-query';

/** The header's answer to "which server am I changing?": profile name, kind and server version. */
export function ActiveInstance() {
  const status = useConnectionStatus();
  const uiConfig = useInstanceQuery(instanceQueries.uiConfig);
  const profile = status.data?.profiles.find((p) => p.id === status.data?.activeProfileId);
  // What the activation check or a screen's failed read learned beats a version cached before the server went away.
  const reachability = useReachability(status.data?.activeProfileId ?? '');
  const down = reachability.report?.reachable === false;
  const failed = down || (!uiConfig.data && uiConfig.isError);

  let version = 'version …';
  if (failed) version = 'unreachable';
  else if (uiConfig.data) version = `v${uiConfig.data.version}`;

  return (
    <Link to="/connections" className="active-instance" title={down ? `${reachability.report?.message ?? 'Unreachable'} Open Connections to retry.` : 'Active connection: open Connections'}>
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
