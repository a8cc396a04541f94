import { describe, expect, it } from 'vitest';
import type { FlagEvent } from '../schemas/event';
import { describeEvent } from './event-summary';

const base = { id: 1, createdAt: '2026-11-23T10:00:00.000Z', tags: [] };
const event = (fields: Partial<FlagEvent> & { type: string; createdBy: string }): FlagEvent => ({ ...base, ...fields });

describe('describeEvent, against what real Unleash 6.10.1 answered on GET /api/admin/search/events', () => {
  const url = 'http://127.0.0.1:4243';
  it('segment, flag and API token events', () => {
    expect(describeEvent(event({ type: 'segment-updated', createdBy: 'admin', data: { name: 'new' }, preData: { name: 'b-ev-seg-151' } }), url)).toEqual({
      label: 'Segment updated',
      summary: '**admin** updated segment **b-ev-seg-151**',
    });
    const flag = { createdBy: 'admin', featureName: 'b-ss-25', project: 'default' };
    expect(
      describeEvent(event({ ...flag, type: 'feature-strategy-add', environment: 'development', data: { name: 'flexibleRollout', title: null } }), url),
    ).toEqual({
      label: 'Flag strategy added',
      summary:
        '**admin** added strategy **flexibleRollout** to **[b-ss-25](http://127.0.0.1:4243/projects/default/features/b-ss-25)** ' +
        'for the **development** environment in project **[default](http://127.0.0.1:4243/projects/default)**',
    });
    expect(describeEvent(event({ ...flag, type: 'feature-archived' }), url)).toEqual({
      label: 'Flag archived',
      summary: '**admin** archived **b-ss-25** in project **[default](http://127.0.0.1:4243/projects/default)**',
    });
    expect(describeEvent(event({ type: 'api-token-created', createdBy: 'unleash_system_user', data: { tokenName: 'admin', username: 'admin' } }), url)).toEqual({
      label: 'API token created',
      summary: '**unleash_system_user** created API token **admin**',
    });
  });

  it('falls back to the type for unmapped types', () => {
    for (const type of ['setting-updated', 'feature-dependency-added', 'strategy-updated', 'made-up-type']) {
      expect(describeEvent(event({ type, createdBy: 'admin' }))).toEqual({ label: type, summary: `**admin** triggered **${type}**` });
    }
  });

  it('words a strategy change whose constraints hold something other than objects, rather than failing the page it is on', () => {
    const change = event({
      type: 'feature-strategy-update',
      createdBy: 'ann',
      project: 'p1',
      featureName: 'f1',
      environment: 'dev',
      data: { name: 'default', constraints: [null, 'x', { contextName: 'a', operator: 'IN', values: ['b'] }] },
      preData: { name: 'default', constraints: [] },
    });
    expect(describeEvent(change).summary).toContain('constraints from empty set of constraints to [null, "x", a is one of (b)]');
  });

  it('links to http://localhost:4242 by default, as Unleash without UNLEASH_URL', () => {
    expect(describeEvent(event({ type: 'project-created', createdBy: 'ann', project: 'p1' })).summary).toBe(
      '**ann** created project **[p1](http://localhost:4242/projects/p1)**',
    );
  });
});

/** [event, label, summary]: summaries produced by 6.10.1's own FeatureEventFormatterMd (markdown) for these events. */
const FORMATTER_CASES: [Partial<FlagEvent> & { type: string; createdBy: string }, string, string][] = [
  [
    {"type": "feature-strategy-update", "createdBy": "ann", "project": "p1", "featureName": "f1", "environment": "production", "data": {"name": "flexibleRollout", "title": null, "parameters": {"rollout": "60", "stickiness": "userId", "groupId": "f1"}, "constraints": [{"contextName": "appName", "operator": "IN", "values": ["a", "b"], "inverted": true}, {"contextName": "v", "operator": "SEMVER_EQ", "value": "1.0.0"}], "segments": [1, 2]}, "preData": {"name": "flexibleRollout", "title": null, "parameters": {"rollout": "50", "stickiness": "default", "groupId": "f1"}, "constraints": [], "segments": []}},
    "Flag strategy updated",
    "**ann** updated **[f1](http://localhost:4242/projects/p1/features/f1)** in project **[p1](http://localhost:4242/projects/p1)** by updating strategy **flexibleRollout** in **production** stickiness from default to userId; rollout from 50% to 60%; constraints from empty set of constraints to [appName not is one of (a,b), v is a SemVer equal to 1.0.0]; segments from empty set of segments to (1,2)",
  ],
  [
    {"type": "feature-strategy-update", "createdBy": "ann", "project": "p1", "featureName": "f1", "environment": "dev", "data": {"name": "remoteAddress", "title": "Office", "parameters": {"IPs": "1.2.3.4,5.6.7.8"}, "constraints": []}, "preData": {"name": "remoteAddress", "parameters": {"IPs": ""}, "constraints": []}},
    "Flag strategy updated",
    "**ann** updated **[f1](http://localhost:4242/projects/p1/features/f1)** in project **[p1](http://localhost:4242/projects/p1)** by updating strategy **Office** in **dev** IPs from empty set of IPs to [1.2.3.4,5.6.7.8]",
  ],
  [
    {"type": "feature-strategy-update", "createdBy": "ann", "project": "p1", "featureName": "f1", "environment": "dev", "data": {"name": "default", "parameters": {}, "constraints": [{"contextName": "x", "operator": "STR_CONTAINS", "values": ["q"]}]}, "preData": {"name": "default", "parameters": {}, "constraints": [{"contextName": "x", "operator": "STR_CONTAINS", "values": ["q"]}]}},
    "Flag strategy updated",
    "**ann** updated **[f1](http://localhost:4242/projects/p1/features/f1)** in project **[p1](http://localhost:4242/projects/p1)** by updating strategy **default** in **dev**",
  ],
  [
    {"type": "feature-strategy-update", "createdBy": "ann", "project": "p1", "featureName": "f1", "environment": "dev", "data": {"name": "flexibleRollout", "parameters": {"rollout": "10"}}, "preData": null},
    "Flag strategy updated",
    "**ann** updated **[f1](http://localhost:4242/projects/p1/features/f1)** in project **[p1](http://localhost:4242/projects/p1)** by updating strategy **flexibleRollout** in **dev** rollout to 10%",
  ],
  [
    {"type": "feature-strategy-remove", "createdBy": "ann", "project": "p1", "featureName": "f1", "environment": "dev", "data": null, "preData": {"name": "default", "title": "Everyone"}},
    "Flag strategy removed",
    "**ann** removed strategy **Everyone** from **[f1](http://localhost:4242/projects/p1/features/f1)** for the **dev** environment in project **[p1](http://localhost:4242/projects/p1)**",
  ],
  [
    {"type": "feature-archived", "createdBy": "ann", "project": null, "featureName": "f1"},
    "Flag archived",
    "**ann** archived **f1** in project ****",
  ],
  [
    {"type": "change-request-approved", "createdBy": "ann", "project": "p1", "featureName": "f1", "environment": "production", "data": {"changeRequestId": 12}},
    "Change request approved",
    "**ann** approved change request **[#12](http://localhost:4242/projects/p1/change-requests/12)** for feature flag **[f1](http://localhost:4242/projects/p1/features/f1)** in the **production** environment in project **[p1](http://localhost:4242/projects/p1)**",
  ],
  [
    {"type": "strategy-created", "createdBy": "ann", "data": {"name": "x"}},
    "strategy-created",
    "**ann** triggered **strategy-created**",
  ],
  [
    {"type": "segment-created", "createdBy": "ann", "data": {"name": ["a", "b"]}},
    "Segment created",
    "**ann** created segment **a,b**",
  ],
  [
    {"type": "feature-project-change", "createdBy": "ann", "project": "p2", "featureName": "f1", "data": {"oldProject": "p1", "newProject": "p2"}},
    "Flag moved to a new project",
    "**ann** moved **[f1](http://localhost:4242/projects/p2/features/f1)** from **p1** to **[p2](http://localhost:4242/projects/p2)**",
  ],
];

describe('describeEvent, against 6.10.1\'s formatter', () => {
  it.each(FORMATTER_CASES)('%s', (fields, label, summary) => {
    expect(describeEvent(event(fields))).toEqual({ label, summary });
  });
});
