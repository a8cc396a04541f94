import { z } from 'zod';
import { BOUNDS, boundedName, boundedText } from './bounds';
import {
  compareInputSchema,
  compareKindSchema,
  itemRefSchema,
  semanticDiffSchema,
  sideInfoSchema,
  segmentUseSchema,
} from './compare';
import { protectionLevelSchema } from './connection';

/**
 * Promote left -> right: the plan, its application item by item, the result and its revert. Promotion
 * creates and updates on the right, never deletes there; a revert deletes only what the promotion created and puts
 * back what it replaced.
 */

export const MAX_PROMOTE_ITEMS = 5000;

/** Ids main gives plans and runs (`plan-…`, `run-…`). */
const runIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be an id main gave');

/** A segment scoped to a project the right lacks: the admin promotes it as global or skips it (skip until chosen). */
export const projectChoiceSchema = z.strictObject({
  // as long as an item's name: a segment's name has no length limit on the server
  segment: boundedName(BOUNDS.origin),
  choice: z.enum(['global', 'skip']),
});
export type ProjectChoice = z.infer<typeof projectChoiceSchema>;

export const planInputSchema = compareInputSchema.omit({ kinds: true }).extend({
  /** What to promote: items the compare named (one, a kind's, or everything that differs). */
  items: z.array(itemRefSchema).min(1).max(MAX_PROMOTE_ITEMS),
  projectChoices: z.array(projectChoiceSchema).max(MAX_PROMOTE_ITEMS).default([]),
});
export type PlanInput = z.infer<typeof planInputSchema>;

export const PLAN_ACTIONS = ['create', 'update', 'leave', 'skip'] as const;
export const planActionSchema = z.enum(PLAN_ACTIONS);
export type PlanAction = z.infer<typeof planActionSchema>;

/** Why an item cannot be promoted as it is. */
export const planProblemSchema = z.discriminatedUnion('code', [
  z.strictObject({
    code: z.literal('project-missing'),
    /** The left segment's project, which the right does not have. */
    project: z.string(),
    /** What the plan does now: promote as a global segment, or skip it (the default until the admin chooses). */
    choice: z.enum(['global', 'skip']),
    message: z.string(),
  }),
  z.strictObject({ code: z.literal('not-promotable'), message: z.string() }),
]);
export type PlanProblem = z.infer<typeof planProblemSchema>;

export const planLineSchema = z.strictObject({
  kind: compareKindSchema,
  name: z.string(),
  action: planActionSchema,
  /** One sentence: what happens to this item, or why nothing does. */
  reason: z.string(),
  /** update: right (before) -> left (after). null otherwise. */
  diff: semanticDiffSchema.nullable(),
  /** Added because selected items need it (a context field a segment's constraint names), with those items' names. */
  prerequisiteFor: z.array(z.string()).optional(),
  problem: planProblemSchema.optional(),
  /** A segment update: the right's strategies that use it (its live behaviour changes). */
  rightUsage: z.array(segmentUseSchema).optional(),
});
export type PlanLine = z.infer<typeof planLineSchema>;

export const planCountsSchema = z.strictObject({
  create: z.number().int().min(0),
  update: z.number().int().min(0),
  leave: z.number().int().min(0),
  skip: z.number().int().min(0),
  prerequisites: z.number().int().min(0),
});
export type PlanCounts = z.infer<typeof planCountsSchema>;

export const promotePlanSchema = z.strictObject({
  /** Main keeps the plan (with the right's versions it would replace) under this id for apply. */
  planId: z.string(),
  left: sideInfoSchema,
  right: sideInfoSchema,
  /** The right profile's level, which applies to the whole plan. */
  protection: protectionLevelSchema,
  /** In order of application: prerequisites first. */
  lines: z.array(planLineSchema),
  counts: planCountsSchema,
  /** The plan in words ("Create 2, update 1 (each with its diff), leave 3; adds 1 prerequisite; cannot promote 1."). */
  summary: z.string(),
  /** Set when the plan cannot be applied at all (the right is read-only or a bundle), with the reason. */
  blocked: z.string().nullable(),
});
export type PromotePlan = z.infer<typeof promotePlanSchema>;

/**
 * What the protection level asks, given with apply and revert: main checks it against the right profile (confirm:
 * `confirmed`; type the name: `typedName` equal to the profile's name; read-only: refused whatever is sent).
 */
export const protectionConfirmationSchema = z.strictObject({
  confirmed: z.boolean(),
  typedName: boundedText(BOUNDS.name).optional(),
});
export type ProtectionConfirmation = z.infer<typeof protectionConfirmationSchema>;

export const onFailureSchema = z.enum(['stop', 'continue']);
export type OnFailure = z.infer<typeof onFailureSchema>;

export const applyInputSchema = z.strictObject({
  planId: runIdSchema,
  onFailure: onFailureSchema,
  confirmation: protectionConfirmationSchema,
});
export type ApplyInput = z.infer<typeof applyInputSchema>;

export const revertInputSchema = z.strictObject({
  runId: runIdSchema,
  onFailure: onFailureSchema,
  confirmation: protectionConfirmationSchema,
});
export type RevertInput = z.infer<typeof revertInputSchema>;

/** What one step writes: a promotion creates or updates; its revert deletes what was created and restores what was updated. */
export const STEP_ACTIONS = ['create', 'update', 'delete', 'restore'] as const;
export const stepActionSchema = z.enum(STEP_ACTIONS);
export type StepAction = z.infer<typeof stepActionSchema>;

export const stepOutcomeSchema = z.enum(['done', 'failed', 'not-run']);
export type StepOutcome = z.infer<typeof stepOutcomeSchema>;

/** Pushed as 'compare.progress' before and after each step. */
export const promoteProgressSchema = z.strictObject({
  runId: z.string(),
  mode: z.enum(['promote', 'revert']),
  /** 0-based index of the step, of `total`. */
  index: z.number().int().min(0),
  total: z.number().int().min(0),
  kind: compareKindSchema,
  name: z.string(),
  action: stepActionSchema,
  state: z.enum(['running', 'done', 'failed']),
  /** The failure's reason, in the server's words when it gave some. */
  error: z.string().optional(),
});
export type PromoteProgress = z.infer<typeof promoteProgressSchema>;

export const stepResultSchema = z.strictObject({
  kind: compareKindSchema,
  name: z.string(),
  action: stepActionSchema,
  outcome: stepOutcomeSchema,
  error: z.string().optional(),
});
export type StepResult = z.infer<typeof stepResultSchema>;

export const promoteResultSchema = z.strictObject({
  /** The revert takes this id. */
  runId: z.string(),
  mode: z.enum(['promote', 'revert']),
  right: sideInfoSchema,
  steps: z.array(stepResultSchema),
  counts: z.strictObject({
    done: z.number().int().min(0),
    failed: z.number().int().min(0),
    notRun: z.number().int().min(0),
  }),
  /** A failure stopped the rest (onFailure 'stop'). */
  stopped: z.boolean(),
  /** A promotion whose done steps can be reverted ("Revert this promotion"); false for a revert. */
  revertible: z.boolean(),
  /** The result in words ("Created 2, updated 1; 1 failed: ..."). */
  summary: z.string(),
});
export type PromoteResult = z.infer<typeof promoteResultSchema>;
