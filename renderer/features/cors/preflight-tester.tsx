import { useState } from 'react';
import { CORS_PROPAGATION_TEXT } from '../../../shared/domain/cors-preflight';
import { ErrorBanner } from '../../components/error-banner';
import { usePreflight } from './api';
import styles from './cors.module.css';

/** Main sends the front-end API's preflight with the chosen Origin to the active server and shows its answer. */
export function PreflightTester({ isDemo }: { isDemo: boolean }) {
  const [origin, setOrigin] = useState('https://app.example.com');
  const [method, setMethod] = useState<'GET' | 'POST'>('GET');
  const preflight = usePreflight();
  const result = preflight.data;
  return (
    <section className={styles.section} aria-labelledby="preflight-title">
      <h2 id="preflight-title" className="section-title">
        Preflight tester
      </h2>
      <p className="muted">
        Sends <code>OPTIONS /api/frontend</code> with this Origin, as a browser does before calling the front-end API.
      </p>
      <form
        className={styles.tester}
        onSubmit={(event) => {
          event.preventDefault();
          preflight.mutate({ origin, method, requestHeaders: 'authorization,content-type' });
        }}
      >
        <label className="field">
          <span>Origin</span>
          <input className={styles.input} value={origin} onChange={(event) => setOrigin(event.target.value)} spellCheck={false} />
        </label>
        <label className="field">
          <span>Method</span>
          <select value={method} onChange={(event) => setMethod(event.target.value as 'GET' | 'POST')}>
            <option value="GET">GET</option>
            <option value="POST">POST</option>
          </select>
        </label>
        <button type="submit" className="button button-primary" disabled={origin.trim() === '' || preflight.isPending}>
          {preflight.isPending ? 'Sending…' : 'Send preflight'}
        </button>
      </form>
      {preflight.isError && <ErrorBanner error={preflight.error} action="Sending the preflight" />}
      {result && (
        <div role="status" aria-label="Preflight result">
          <p className={result.allowed ? styles.verdictOk : styles.verdictNo}>
            {result.allowed ? 'Allowed' : 'Refused'} · HTTP {result.status} from {result.answeredBy === 'demo' ? 'the demo' : result.url}
          </p>
          <p>{result.reason}</p>
          <pre className={styles.headers}>
            {result.headers.length === 0 ? '(no CORS headers)' : result.headers.map(([name, value]) => `${name}: ${value}`).join('\n')}
          </pre>
        </div>
      )}
      <p className="muted">
        {isDemo ? 'The demo applies a saved list at once. On a real server: ' : ''}
        {CORS_PROPAGATION_TEXT}
      </p>
    </section>
  );
}
