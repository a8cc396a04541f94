import type { FixturedBackend } from '../../../electron/backend/instance-fixtures';
import { unique } from '../support/run-id';

/** Fixture writes through the backend under test, with this run's unique names. */
export async function newFeature(backend: FixturedBackend, prefix: string): Promise<string> {
  const name = unique(prefix);
  await backend.fixtures.createFeature('default', { name });
  return name;
}

export async function newSegment(backend: FixturedBackend, prefix: string, project?: string): Promise<{ id: number; name: string }> {
  const name = unique(prefix);
  const segment = await backend.createSegment({ name, constraints: [], ...(project ? { project } : {}) });
  return { id: segment.id, name };
}
