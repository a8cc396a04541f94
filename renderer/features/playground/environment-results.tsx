import { Fragment } from 'react';
import type { FlagEvaluation, PlaygroundFeature, PlaygroundResponse } from '../../../shared/evaluation';
import { ExplanationTree } from './explanation-tree';
import { agreement, comparisonSummary, countAgreements, localVerdict, serverVerdict, type Verdict } from './verdicts';
import evaluation from '../../components/evaluation.module.css';
import styles from './playground.module.css';

export interface EvaluatedFlag {
  project: string;
  name: string;
  evaluation: FlagEvaluation;
}

interface Props {
  environment: string;
  flags: readonly EvaluatedFlag[];
  /** The server's answer for this environment, once compared. */
  server: PlaygroundResponse | undefined;
  /** Name a project per row when several are evaluated. */
  showProject: boolean;
  projectName: (id: string) => string;
  /** The flag whose explanation is open here, if any. */
  open: string | null;
  onToggle: (name: string) => void;
}

function VerdictText({ value }: { value: Verdict }) {
  return <span className={value === 'on' ? evaluation.on : value === 'unknown' ? evaluation.unknown : evaluation.off}>{value}</span>;
}

/** One environment's flags: the local verdict (unknown with its reason), and the server's beside it once compared. */
export function EnvironmentResults({ environment, flags, server, showProject, projectName, open, onToggle }: Props) {
  const remoteByName = new Map<string, PlaygroundFeature>((server?.features ?? []).map((f) => [f.name, f]));
  const compared = server !== undefined;
  const rows = flags.map((flag) => {
    const here = localVerdict(flag.evaluation);
    const remote = remoteByName.get(flag.name);
    const there = remote ? serverVerdict(remote) : undefined;
    return { ...flag, here, there, outcome: agreement(here.verdict, there) };
  });
  const counts = countAgreements(rows.map((r) => r.outcome));
  const columns = 4 + (showProject ? 1 : 0) + (compared ? 1 : 0);
  return (
    <section className={styles.group} aria-label={`Environment ${environment}`}>
      <h3>{environment}</h3>
      {compared && (
        <p role="status" className={counts.differ > 0 ? evaluation.fail : undefined}>
          {comparisonSummary(counts)}
        </p>
      )}
      <div className="table-wrap">
        <table className="table" aria-label={`Flags evaluated in ${environment}`}>
          <thead>
            <tr>
              <th scope="col">Flag</th>
              {showProject && <th scope="col">Project</th>}
              <th scope="col">Here</th>
              <th scope="col">Variant</th>
              {compared && <th scope="col">Server</th>}
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <Fragment key={`${row.project}/${row.name}`}>
                <tr className={row.outcome === 'differ' ? styles.disagree : undefined}>
                  <td>
                    <code>{row.name}</code>
                  </td>
                  {showProject && <td title={row.project}>{projectName(row.project)}</td>}
                  <td>
                    <VerdictText value={row.here.verdict} />
                    {row.here.why && <span className={`${styles.why} muted`}>{row.here.why}</span>}
                  </td>
                  <td>{row.evaluation.variant.enabled ? row.evaluation.variant.name : <span className="muted">–</span>}</td>
                  {compared && (
                    <td>
                      {row.there ? <VerdictText value={row.there} /> : <span className="muted">not returned</span>}
                      {row.outcome === 'unknown' && <span className={`${styles.why} muted`}>not compared: unknown is no agreement</span>}
                      {row.outcome === 'differ' && <span className={`${styles.why} ${evaluation.fail}`}>differs</span>}
                    </td>
                  )}
                  <td>
                    <button type="button" className="button" aria-expanded={open === row.name} onClick={() => onToggle(row.name)}>
                      {open === row.name ? 'Hide' : 'Explain'}
                    </button>
                  </td>
                </tr>
                {open === row.name && (
                  <tr>
                    <td colSpan={columns}>
                      <ExplanationTree explanation={row.evaluation.explanation} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
