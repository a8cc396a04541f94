import type { InstanceContent } from '../../schemas';

/** An instance's content for compare and plan tests: nothing but the default project, unless `over` says more. */
export const instanceContent = (over: Partial<InstanceContent> = {}): InstanceContent => ({
  segments: [],
  strategyTypes: [],
  contextFields: [],
  corsOrigins: [],
  projects: ['default'],
  ...over,
});
