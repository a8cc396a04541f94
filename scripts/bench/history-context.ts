import type { HistoryContext } from '../../electron/backend/demo/events/history';

/** A mid-sized company's instance, so that filters and payloads at bench scale look like real ones. */
export function benchHistoryContext(end: Date): HistoryContext {
  const projects = ['default', 'checkout', 'growth', 'platform', 'mobile', 'search', 'payments', 'data', 'web', 'ops', 'ads', 'labs'];
  const features = Array.from({ length: 600 }, (_, i) => ({
    name: `${['new', 'fast', 'beta', 'dark', 'smart'][i % 5]}-${['cart', 'search', 'banner', 'login', 'feed', 'pricing'][i % 6]}-${i}`,
    project: projects[i % projects.length] as string,
  }));
  return {
    projects,
    environments: ['development', 'staging', 'production'],
    features,
    segments: Array.from({ length: 40 }, (_, i) => `segment-${i}`),
    strategyTypes: ['default', 'flexibleRollout', 'userWithId', 'remoteAddress', 'applicationHostname', 'gradualRolloutRandom'],
    users: Array.from({ length: 25 }, (_, i) => `user${i}@example.com`),
    end,
  };
}
