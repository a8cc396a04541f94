import { z } from 'zod';

/**
 * The persisted form of the event log: columnar, with each column's distinct values listed once, because a
 * row-per-object JSON of a million events is several times larger and slower to parse. Row value 0 means null,
 * k means table[k - 1]. data/preData/tags keep the exact column texts (json / jsonb / json) the search runs over.
 */
const index = z.number().int().min(0);
/**
 * One JSON object (or array) and nothing else: the demo-server copies these texts into its answers as they are
 * (event-json.ts), where anything else would break the answer or add members to it. JSON text never holds a raw NUL
 * (JSON.stringify escapes it); the search store relies on that.
 */
const jsonText = (kind: 'object' | 'array') =>
  z.string().refine((t) => !t.includes('\u0000') && isJson(t, kind), `must be the JSON text of one ${kind}`);
const jsonObjectText = jsonText('object');
const jsonArrayText = jsonText('array');

function isJson(text: string, kind: 'object' | 'array'): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  return typeof value === 'object' && value !== null && Array.isArray(value) === (kind === 'array');
}

export const eventLogSnapshotSchema = z
  .strictObject({
    kind: z.literal('flagdesk-event-log'),
    version: z.literal(1),
    tables: z.strictObject({
      types: z.array(z.string()),
      actors: z.array(z.string()),
      userIds: z.array(z.number()),
      projects: z.array(z.string()),
      features: z.array(z.string()),
      environments: z.array(z.string()),
    }),
    rows: z.strictObject({
      createdAt: z.array(z.number().finite()),
      type: z.array(z.number().int().min(1)),
      createdBy: z.array(z.number().int().min(1)),
      createdByUserId: z.array(index),
      project: z.array(index),
      featureName: z.array(index),
      environment: z.array(index),
      data: z.array(jsonObjectText.nullable()),
      preData: z.array(jsonObjectText.nullable()),
      tags: z.array(jsonArrayText.nullable()),
    }),
  })
  .superRefine((snap, ctx) => {
    const { rows, tables } = snap;
    const n = rows.createdAt.length;
    const columns: [keyof typeof rows, number | undefined][] = [
      ['createdAt', undefined],
      ['type', tables.types.length],
      ['createdBy', tables.actors.length],
      ['createdByUserId', tables.userIds.length],
      ['project', tables.projects.length],
      ['featureName', tables.features.length],
      ['environment', tables.environments.length],
      ['data', undefined],
      ['preData', undefined],
      ['tags', undefined],
    ];
    for (const [name, tableSize] of columns) {
      const column = rows[name];
      if (column.length !== n) {
        ctx.addIssue({ code: 'custom', path: ['rows', name], message: `has ${column.length} rows, expected ${n}` });
        continue;
      }
      if (tableSize === undefined) continue;
      const bad = (column as number[]).findIndex((v) => v > tableSize);
      if (bad !== -1) ctx.addIssue({ code: 'custom', path: ['rows', name, bad], message: 'refers past its table' });
    }
    for (let i = 1; i < n; i++) {
      if ((rows.createdAt[i] as number) < (rows.createdAt[i - 1] as number)) {
        ctx.addIssue({ code: 'custom', path: ['rows', 'createdAt', i], message: 'createdAt must not decrease' });
        break;
      }
    }
  });

export type EventLogSnapshot = z.infer<typeof eventLogSnapshotSchema>;
