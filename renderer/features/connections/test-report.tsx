import { capabilityLines } from '../../../shared/domain/capabilities';
import type { ConnectionReport } from '../../../shared/schemas';

/** The outcome of "Test connection": the report's sentence first, then what we learned about the server. */
export function TestReport({ report }: { report: ConnectionReport }) {
  return (
    <div className={`test-report ${report.ok ? 'test-report-ok' : 'test-report-fail'}`} role="status" data-testid="test-report">
      <p className="test-report-message">
        <span className="test-report-icon" aria-hidden="true">
          {report.ok ? '✓' : '!'}
        </span>
        {report.message}
      </p>
      {(report.version || report.edition || report.admin !== undefined) && (
        <dl className="facts">
          {report.version && (
            <div>
              <dt>Version</dt>
              <dd data-testid="report-version">{report.version}</dd>
            </div>
          )}
          {report.edition && (
            <div>
              <dt>Edition</dt>
              <dd>{report.edition}</dd>
            </div>
          )}
          {report.admin !== undefined && (
            <div>
              <dt>Admin rights</dt>
              <dd>{report.admin ? 'Yes' : 'No: changes will be refused'}</dd>
            </div>
          )}
        </dl>
      )}
      {report.capabilities && (
        <section aria-label="What this server supports">
          <h3 className="test-report-heading">What this server supports</h3>
          <ul className="test-report-capabilities" data-testid="report-capabilities">
            {capabilityLines(report.capabilities).map((line) => (
              <li key={line.operation} data-supported={line.supported}>
                <span aria-hidden="true">{line.supported ? '✓ ' : '✗ '}</span>
                {line.text}
                {line.limitation && <span className="test-report-limitation"> {line.limitation}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
