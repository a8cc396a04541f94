import { z } from 'zod';
import type { SemanticDiff } from '../domain/semantic-diff';
import { protectionLevelSchema, profileIdSchema } from './connection';
import { BOUNDS, boundedName } from './bounds';

/**
 * Two instances side by side: what a compare takes and answers. The comparable form of each kind is the
 * bundle's (shared/schemas/bundle.ts), so a live server and a bundle file compare alike.
 */

/** The four kinds compared, in the order the screen lists them. */
export const COMPARE_KINDS = ['segments', 'strategyTypes', 'contextFields', 'corsOrigins'] as const;
export const compareKindSchema = z.enum(COMPARE_KINDS);
export type CompareKind = z.infer<typeof compareKindSchema>;

/** A bundle main has read and keeps for this session (compare.openBundle answers its id; the page never names a path). */
export const bundleIdSchema = z.string().regex(/^bundle-[A-Za-z0-9_-]{1,64}$/, 'must be a bundle id from compare.openBundle');

/** One side: a connection profile (the demo included) or an opened bundle. */
export const compareSideSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('profile'), profileId: profileIdSchema }),
  z.strictObject({ type: z.literal('bundle'), bundleId: bundleIdSchema }),
]);
export type CompareSide = z.infer<typeof compareSideSchema>;

export const compareInputSchema = z.strictObject({
  left: compareSideSchema,
  right: compareSideSchema,
  /** Only these kinds (all four when absent). */
  kinds: z.array(compareKindSchema).min(1).max(COMPARE_KINDS.length).optional(),
});
export type CompareInput = z.infer<typeof compareInputSchema>;

export const COMPARE_STATUSES = ['same', 'differs', 'only-left', 'only-right'] as const;
export const compareStatusSchema = z.enum(COMPARE_STATUSES);
export type CompareStatus = z.infer<typeof compareStatusSchema>;

/** shared/domain/semantic-diff.ts's answer, as it crosses IPC (held equal to that type below). */
const diffEntrySchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('added'), path: z.string(), after: z.string() }),
  z.strictObject({ kind: z.literal('removed'), path: z.string(), before: z.string() }),
  z.strictObject({ kind: z.literal('changed'), path: z.string(), before: z.string(), after: z.string() }),
  z.strictObject({ kind: z.literal('list'), path: z.string(), added: z.array(z.string()), removed: z.array(z.string()), summary: z.string() }),
]);
export const semanticDiffSchema = z.strictObject({
  entries: z.array(diffEntrySchema),
  unchanged: z.array(z.string()),
  identical: z.boolean(),
}) satisfies z.ZodType<SemanticDiff>;

/** A flag strategy that uses a segment: where promoting the segment changes live behaviour. */
export const segmentUseSchema = z.strictObject({
  projectId: z.string(),
  featureName: z.string(),
  environment: z.string(),
  strategyName: z.string(),
  /** The environment's type is production. */
  production: z.boolean(),
});
export type SegmentUse = z.infer<typeof segmentUseSchema>;

export const compareItemSchema = z.strictObject({
  kind: compareKindSchema,
  /** The item's name (the origin itself for CORS). */
  name: z.string(),
  status: compareStatusSchema,
  /**
   * What promoting this item would change on the right: right (before) -> left (after), over the comparable forms.
   * Null unless the status is `differs`.
   */
  diff: semanticDiffSchema.nullable(),
  /** The comparable form on each side (null where the item is absent), as a bundle would carry it. */
  left: z.record(z.string(), z.unknown()).nullable(),
  right: z.record(z.string(), z.unknown()).nullable(),
  /** Segments that differ: the strategies using it on each side. Absent for other kinds and statuses. */
  usage: z.strictObject({ left: z.array(segmentUseSchema), right: z.array(segmentUseSchema) }).optional(),
});
export type CompareItem = z.infer<typeof compareItemSchema>;

export const compareCountsSchema = z.strictObject({
  same: z.number().int().min(0),
  differs: z.number().int().min(0),
  onlyLeft: z.number().int().min(0),
  onlyRight: z.number().int().min(0),
});
export type CompareCounts = z.infer<typeof compareCountsSchema>;

/** How a front-end origin list behaves: an empty list is everyone on 6.x-8.x, as `*` is. */
export const originsMeaningSchema = z.enum(['everyone', 'listed']);
export type OriginsMeaning = z.infer<typeof originsMeaningSchema>;

export const compareKindResultSchema = z.strictObject({
  kind: compareKindSchema,
  counts: compareCountsSchema,
  items: z.array(compareItemSchema),
  /** Set when the kind could not be read on one side (e.g. a bundle without it, a server that refused): said, not guessed. */
  unavailable: z.string().optional(),
  /** CORS only: what each list means, and one sentence on the difference in behaviour (null when they behave alike). */
  origins: z
    .strictObject({
      left: z.array(z.string()),
      right: z.array(z.string()),
      leftMeaning: originsMeaningSchema,
      rightMeaning: originsMeaningSchema,
      behaviour: z.string().nullable(),
    })
    .optional(),
});
export type CompareKindResult = z.infer<typeof compareKindResultSchema>;

/** What a side is, as the screen heads its column. */
export const sideInfoSchema = z.strictObject({
  type: z.enum(['profile', 'bundle']),
  /** The profile's or the bundle's name. */
  label: z.string(),
  profileId: z.string().optional(),
  /** The right side's protection level (profiles only). */
  protection: protectionLevelSchema.optional(),
  /** The server's version when known (a bundle says which server it was exported from). */
  version: z.string().optional(),
  kind: z.enum(['demo', 'remote', 'bundle']),
});
export type SideInfo = z.infer<typeof sideInfoSchema>;

export const compareResultSchema = z.strictObject({
  left: sideInfoSchema,
  right: sideInfoSchema,
  comparedAt: z.string(),
  kinds: z.array(compareKindResultSchema),
  /** Everything counted over the kinds. */
  totals: compareCountsSchema,
});
export type CompareResult = z.infer<typeof compareResultSchema>;

/** One item to promote, named as the compare named it. */
export const itemRefSchema = z.strictObject({ kind: compareKindSchema, name: boundedName(BOUNDS.origin) });
export type ItemRef = z.infer<typeof itemRefSchema>;
