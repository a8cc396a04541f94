/** Bodies shaped like real Unleash answers (docs/server-behaviour.md, docs/versions.md), trimmed. */
export const TOKEN = '*:*.stub-secret-admin-token-0123456789';

export function uiConfig(version: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    version,
    environment: 'Open Source',
    unleashUrl: 'http://127.0.0.1',
    baseUriPath: '',
    versionInfo: { current: { oss: version } },
    frontendApiOrigins: ['*'],
    flags: { something: true },
    ...extra,
  };
}

export const segment = {
  id: 7,
  name: 'beta users',
  description: null,
  constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'], inverted: false, caseInsensitive: false }],
  createdBy: 'admin',
  createdAt: '2026-11-22T12:45:36.013Z',
};

/** An 8.x event: groupType/groupId plus fields the schema does not know. */
export const event8 = {
  id: 148,
  type: 'feature-created',
  createdBy: 'admin',
  createdAt: '2026-11-22T12:45:36.013Z',
  createdByUserId: -42,
  data: { name: 'f' },
  preData: null,
  tags: [],
  featureName: 'f',
  project: 'default',
  environment: null,
  groupType: 'transaction',
  groupId: '01M81MRV8VESDB52BH70EJSEJT',
  label: 'Flag created',
  summary: '**admin** created **f**',
  somethingNew: { nested: 1 },
};
