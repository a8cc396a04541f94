import type { FeatureStrategy } from '../../../shared/schemas';
import { summarizeConstraint } from '../segments';

type Named = Pick<FeatureStrategy, 'id' | 'name' | 'title' | 'constraints'>;

/** What tells a strategy apart from its siblings: its title if set, else its constraints in words, else its id. */
export function strategyLabel(strategy: Named): string {
  const title = strategy.title?.trim();
  if (title) return title;
  const constraints = strategy.constraints ?? [];
  if (constraints.length > 0) return constraints.map((c) => summarizeConstraint(c, 2)).join(' and ');
  return `id ${shortId(strategy.id)}`;
}

/** A UUID's first block tells strategies apart in practice; the whole id is in the row's tooltip. */
export function shortId(id: string): string {
  return id.length > 12 && id.includes('-') ? id.slice(0, id.indexOf('-')) : id;
}

/**
 * Labels for the strategies of one flag in one environment: two of the same type whose title and constraints read
 * the same still differ by their id.
 */
export function strategyLabels(strategies: readonly Named[]): string[] {
  const labels = strategies.map(strategyLabel);
  return labels.map((label, index) => {
    const twin = strategies.some((other, i) => i !== index && other.name === strategies[index]!.name && labels[i] === label);
    return twin && !label.startsWith('id ') ? `${label} (id ${shortId(strategies[index]!.id)})` : label;
  });
}
