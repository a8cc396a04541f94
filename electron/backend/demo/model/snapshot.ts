import { z } from 'zod';
import { demoStateSchema } from './state';

/** The persisted form of a demo backend: its state, its event log and the options it was seeded with. */
export const SNAPSHOT_FORMAT = 'flagdesk-demo-snapshot';

export const demoSnapshotSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  version: z.literal(1),
  seededWith: z.object({
    dataset: z.enum(['seeded', 'empty']),
    seed: z.number(),
    historyEvents: z.number().int().min(0),
  }),
  state: demoStateSchema,
  /** EventLog.toSnapshot(); the event log validates its own part. */
  events: z.unknown(),
});
export type DemoSnapshot = z.infer<typeof demoSnapshotSchema>;
