import type { ContextFieldRecord, DemoState, EnvironmentRecord, StrategyTypeRecord } from './state';

/** What a fresh Unleash 6.10.1 database holds (docs/server-behaviour.md#context-fields, docs/server-behaviour.md#built-in-strategies; userWithId as GET /api/admin/strategies answered). */

export const BUILT_IN_STRATEGY_TYPES: readonly StrategyTypeRecord[] = [
  {
    name: 'flexibleRollout',
    displayName: 'Gradual rollout',
    description:
      'Roll out to a percentage of your userbase, and ensure that the experience is the same for the user on each visit.',
    editable: false,
    deprecated: false,
    parameters: [
      { name: 'rollout', type: 'percentage', description: '', required: false },
      {
        name: 'stickiness',
        type: 'string',
        description: 'Used define stickiness. Possible values: default, userId, sessionId, random',
        required: true,
      },
      {
        name: 'groupId',
        type: 'string',
        description: 'Used to define a activation groups, which allows you to correlate across feature toggles.',
        required: true,
      },
    ],
    title: null,
    sortOrder: 0,
  },
  {
    name: 'default',
    displayName: 'Standard',
    description: 'This strategy turns on / off for your entire userbase. Prefer using "Gradual rollout" strategy (100%=on, 0%=off).',
    editable: false,
    deprecated: false,
    parameters: [],
    title: null,
    sortOrder: 1,
  },
  {
    // still seeded by 6.10.1's migrations (created, then deprecated); gone from fresh 7+ databases
    name: 'userWithId',
    displayName: 'UserIDs',
    description:
      'Enable the feature for a specific set of userIds. Prefer using "Gradual rollout" strategy with user id constraints.',
    editable: false,
    deprecated: true,
    parameters: [{ name: 'userIds', type: 'list', description: '', required: false }],
    title: null,
    sortOrder: 2,
  },
  {
    name: 'remoteAddress',
    displayName: 'IPs',
    description: 'Enable the feature for a specific set of IP addresses.',
    editable: false,
    deprecated: false,
    parameters: [{ name: 'IPs', type: 'list', description: 'List of IPs to enable the feature toggle for.', required: true }],
    title: null,
    sortOrder: 3,
  },
  {
    name: 'applicationHostname',
    displayName: 'Hosts',
    description: 'Enable the feature for a specific set of hostnames.',
    editable: false,
    deprecated: false,
    parameters: [
      { name: 'hostNames', type: 'list', description: 'List of hostnames to enable the feature toggle for.', required: false },
    ],
    title: null,
    sortOrder: 4,
  },
];

export const DEFAULT_ENVIRONMENTS: readonly EnvironmentRecord[] = [
  { name: 'development', type: 'development', enabled: true, sortOrder: 100, protected: false },
  { name: 'production', type: 'production', enabled: true, sortOrder: 200, protected: false },
];

/** The five default context fields; remoteAddress is deliberately not one of them (docs/server-behaviour.md#context-fields). */
export function defaultContextFields(createdAt: string): ContextFieldRecord[] {
  const field = (name: string, description: string, sortOrder: number, stickiness: boolean): ContextFieldRecord => ({
    name,
    description,
    stickiness,
    sortOrder,
    legalValues: [],
    createdAt,
  });
  return [
    field('environment', 'Allows you to constrain on application environment', 0, false),
    field('userId', 'Allows you to constrain on userId', 1, true),
    field('appName', 'Allows you to constrain on application name', 2, false),
    field('currentTime', 'Allows you to constrain on date values', 3, false),
    field('sessionId', 'Allows you to constrain on sessionId', 4, true),
  ];
}

/** A fresh instance: the default project, two environments, built-in strategies, default context fields. */
export function emptyState(createdAt: string): DemoState {
  return {
    projects: [{ id: 'default', name: 'Default', description: 'Default project', createdAt }],
    environments: DEFAULT_ENVIRONMENTS.map((env) => ({ ...env })),
    contextFields: defaultContextFields(createdAt),
    features: [],
    segments: [],
    nextSegmentId: 1,
    strategyTypes: structuredClone([...BUILT_IN_STRATEGY_TYPES]),
    settings: { frontendApiOrigins: null },
  };
}
