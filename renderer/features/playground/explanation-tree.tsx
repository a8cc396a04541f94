import type { FlagExplanation, StrategyResult } from '../../../shared/evaluation';
import { ConstraintResultLine } from '../../components/constraint-result';
import styles from '../../components/evaluation.module.css';

function StrategyNode({ strategy, decided }: { strategy: StrategyResult; decided: boolean }) {
  const verdict = strategy.enabled === 'unknown' ? 'unknown' : strategy.enabled ? 'on' : 'off';
  return (
    <li>
      <strong>
        {strategy.index + 1}. {strategy.title || strategy.name}
      </strong>{' '}
      <span className={verdict === 'on' ? styles.on : verdict === 'unknown' ? styles.unknown : styles.off}>{verdict}</span>
      {decided ? ' (decided the flag)' : null}
      <ul className={styles.tree}>
        {strategy.constraints.map((c, i) => (
          <ConstraintResultLine key={i} result={c} />
        ))}
        {strategy.segments.map((s) => (
          <li key={s.id}>
            Segment <strong>{s.name ?? `#${s.id}`}</strong>{' '}
            {!s.found ? <span className={styles.fail}>not found: the strategy fails</span> : <span className={s.passed ? styles.on : styles.fail}>{s.passed ? 'matches' : 'does not match'}</span>}
            <ul className={styles.tree}>
              {s.constraints.map((c, i) => (
                <ConstraintResultLine key={i} result={c} />
              ))}
            </ul>
          </li>
        ))}
        {strategy.rule ? <li>Rule: {strategy.rule.detail}</li> : strategy.constraintsPassed ? null : <li className={styles.off}>Rule not reached: a constraint failed</li>}
        {strategy.variant ? <li>Variant: {strategy.variant.name}</li> : null}
      </ul>
    </li>
  );
}

/** Why a flag is on or off: dependencies, then each strategy with its constraints and segments. */
export function ExplanationTree({ explanation }: { explanation: FlagExplanation }) {
  return (
    <div aria-label={`Why ${explanation.toggleName}`}>
      <p>{explanation.summary}</p>
      <ul className={styles.tree}>
        {explanation.dependencies.map((d) => (
          <li key={d.feature}>
            Depends on <code>{d.feature}</code>{' '}
            <span className={d.satisfied ? styles.on : styles.fail}>{d.satisfied ? 'met' : `not met: ${d.reason}`}</span>
          </li>
        ))}
        {explanation.strategies.map((s) => (
          <StrategyNode key={s.index} strategy={s} decided={explanation.decidedBy === s.index} />
        ))}
      </ul>
    </div>
  );
}
