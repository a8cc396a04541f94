import type { Segment } from '../../shared/schemas';
import type { FakeHandlers } from './fake-bridge';

/** A stored segment with one list constraint: what the editor tests open at /segments/3. */
export const BETA: Segment = {
  id: 3,
  name: 'beta-users',
  description: 'Opted in',
  constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2'] }],
  createdAt: '2024-01-01T00:00:00.000Z',
};

/** The reads the segment editor asks for before it can show a form: one project, two fields, two environments. */
export const editorReads: FakeHandlers = {
  'instance.projects': () => [{ id: 'default', name: 'Default' }],
  'instance.contextFields': () => [{ name: 'userId' }, { name: 'plan', legalValues: [{ value: 'pro' }, { value: 'free' }] }],
  'instance.environments': () => [{ name: 'development', type: 'development' }, { name: 'production', type: 'production' }],
  'segments.list': () => [],
};

/** Answers for /segments/new: the create echoes its input as segment 9, which then reads back unused. */
export const createAnswers: FakeHandlers = {
  'segments.create': (input) => ({ ...input, id: 9, description: input.description ?? null, project: input.project ?? null, constraints: input.constraints, createdAt: 'now' }),
  'segments.get': () => ({ ...BETA, id: 9 }),
  'segments.strategies': () => ({ strategies: [] }),
};
