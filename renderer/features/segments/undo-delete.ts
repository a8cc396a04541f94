import type { QueryClient } from '@tanstack/react-query';
import type { Segment } from '../../../shared/schemas';
import { notify } from '../../components/toast';
import { recreateSegment } from './api';
import { loadRules } from './segment-form-rules';

/**
 * Undo of a delete: the segment is created again with its name, description, project and constraints. Only an
 * unused segment can be deleted, so no strategy referred to it and none loses a reference; the server gives it a
 * new id, which the toast says.
 */
export function undoDelete(client: QueryClient, profileId: string, deleted: Segment) {
  // The stored constraints as they were (not through the form, which would normalise them); the schema drops
  // nothing a create accepts and refuses what it does not, and that refusal is said in the toast.
  const body = ({ upsertSegmentSchema }: Awaited<ReturnType<typeof loadRules>>) =>
    upsertSegmentSchema.parse({
      name: deleted.name,
      description: deleted.description ?? null,
      project: deleted.project ?? null,
      constraints: deleted.constraints.map(({ contextName, operator, values, value, inverted, caseInsensitive }) => ({ contextName, operator, values, value, inverted, caseInsensitive })),
    });
  loadRules().then((rules) => recreateSegment(client, profileId, body(rules))).then(
    (created) =>
      notify({
        title: `Segment “${created.name}” is back`,
        description: created.id === deleted.id ? undefined : `Re-created as #${created.id} (it was #${deleted.id}): the server gives a new segment a new id.`,
        tone: 'ok',
      }),
    (error: unknown) => notify({ title: `Segment “${deleted.name}” could not be re-created`, description: error instanceof Error ? error.message : String(error), tone: 'error' }),
  );
}

