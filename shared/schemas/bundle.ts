import { z } from 'zod';
import { BOUNDS } from './bounds';
import { bundleIdSchema, compareKindSchema, itemRefSchema } from './compare';
import { profileIdSchema } from './connection';

/**
 * A bundle: a selection of one instance as a versioned JSON file, to compare or promote from where the
 * other instance cannot be reached. It carries no token and no ids (segment and strategy ids mean nothing on
 * another server): everything is named. A file of a newer format version, or one that does not parse, is refused
 * with the reason.
 */
export const BUNDLE_FORMAT = 'flagdesk-bundle';

/**
 * What a bundle may hold is what a server holds, so its bounds are not the app's form limits (BOUNDS): real servers
 * take a segment name of 300 characters (the wire suite's segments rows) and a raised segment-values limit, and a
 * bundle exported from them must read back. These bounds only keep a damaged file from being taken in whole.
 */
const TEXT = 100_000;
const MANY = 100_000;
export const BUNDLE_VERSION = 1;

export const bundleConstraintSchema = z.strictObject({
  contextName: z.string().min(1).max(TEXT),
  operator: z.string().min(1).max(TEXT),
  values: z.array(z.string().max(TEXT)).max(MANY),
  value: z.string().max(TEXT).nullable(),
  inverted: z.boolean(),
  caseInsensitive: z.boolean(),
});
export type BundleConstraint = z.infer<typeof bundleConstraintSchema>;

/** The comparable form of each kind: what a compare looks at, nothing else. */
export const bundleSegmentSchema = z.strictObject({
  name: z.string().min(1).max(TEXT),
  description: z.string().max(TEXT),
  /** null: global. */
  project: z.string().max(TEXT).nullable(),
  constraints: z.array(bundleConstraintSchema).max(MANY),
});
export type BundleSegment = z.infer<typeof bundleSegmentSchema>;

export const bundleStrategyTypeSchema = z.strictObject({
  name: z.string().min(1).max(TEXT),
  title: z.string().max(TEXT),
  description: z.string().max(TEXT),
  parameters: z
    .array(
      z.strictObject({
        name: z.string().min(1).max(TEXT),
        type: z.string().min(1).max(TEXT),
        description: z.string().max(TEXT),
        required: z.boolean(),
      }),
    )
    .max(MANY),
});
export type BundleStrategyType = z.infer<typeof bundleStrategyTypeSchema>;

export const bundleContextFieldSchema = z.strictObject({
  name: z.string().min(1).max(TEXT),
  description: z.string().max(TEXT),
  stickiness: z.boolean(),
  legalValues: z
    .array(z.strictObject({ value: z.string().max(TEXT), description: z.string().max(TEXT) }))
    .max(MANY),
});
export type BundleContextField = z.infer<typeof bundleContextFieldSchema>;

/** One instance's comparable content; a kind left out (null) is one the bundle does not carry. */
export const instanceContentSchema = z.strictObject({
  segments: z.array(bundleSegmentSchema).max(100_000).nullable(),
  strategyTypes: z.array(bundleStrategyTypeSchema).max(10_000).nullable(),
  contextFields: z.array(bundleContextFieldSchema).max(10_000).nullable(),
  corsOrigins: z.array(z.string().max(TEXT)).max(MANY).nullable(),
  /** The projects that exist (so a segment's project can be checked on this side). */
  projects: z.array(z.string().max(TEXT)).max(100_000).nullable(),
});
export type InstanceContent = z.infer<typeof instanceContentSchema>;

export const bundleFileSchema = z.strictObject({
  format: z.literal(BUNDLE_FORMAT),
  version: z.literal(BUNDLE_VERSION),
  exportedAt: z.string(),
  /** Where it came from, in words: the profile's name and the server's version (never its token). */
  source: z.strictObject({ name: z.string().max(BOUNDS.name), serverVersion: z.string().max(100).nullable() }),
  content: instanceContentSchema,
});
export type BundleFile = z.infer<typeof bundleFileSchema>;

/** What compare.openBundle answers about the file main read. */
export const bundleSummarySchema = z.strictObject({
  bundleId: bundleIdSchema,
  fileName: z.string(),
  sourceName: z.string(),
  serverVersion: z.string().nullable(),
  exportedAt: z.string(),
  /** Items per kind the bundle carries (null: the kind is not in it). */
  counts: z.strictObject({
    segments: z.number().int().nullable(),
    strategyTypes: z.number().int().nullable(),
    contextFields: z.number().int().nullable(),
    corsOrigins: z.number().int().nullable(),
  }),
});
export type BundleSummary = z.infer<typeof bundleSummarySchema>;

export const exportBundleInputSchema = z.strictObject({
  profileId: profileIdSchema,
  /** Whole kinds, or single items; everything when both are absent. */
  kinds: z.array(compareKindSchema).max(4).optional(),
  items: z.array(itemRefSchema).max(100_000).optional(),
});
export type ExportBundleInput = z.infer<typeof exportBundleInputSchema>;
