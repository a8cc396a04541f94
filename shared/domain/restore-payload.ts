import { z } from 'zod';
import { upsertSegmentSchema, type UpsertSegment } from '../schemas/segment';
import { updateStrategySchema, type UpdateStrategy } from '../schemas/strategy-type';
import { frontendOriginsSchema } from '../schemas/ui-config';

/**
 * What "restore this version" writes back, built from the state an event recorded. Each is the body of the normal
 * write (segment PUT, strategy type PUT, CORS origins), so the restore shows in the log as an ordinary change.
 * null when the recorded state cannot be written back (a deleted version, or a payload without the needed fields).
 */
export type RestoreWrite =
  | { kind: 'segment'; id: number; segment: UpsertSegment }
  | { kind: 'strategy-type'; name: string; update: UpdateStrategy }
  | { kind: 'cors'; origins: string[] };

type Json = Record<string, unknown>;

const constraintKeys = ['contextName', 'operator', 'values', 'value', 'inverted', 'caseInsensitive'] as const;
const parameterKeys = ['name', 'type', 'description', 'required'] as const;
const pick = (object: unknown, keys: readonly string[]): Json => {
  const source = (object ?? {}) as Json;
  return Object.fromEntries(keys.filter((key) => source[key] !== undefined).map((key) => [key, source[key]]));
};

export function restoreWriteOf(kind: 'segment' | 'strategy-type' | 'cors', key: string, state: Json | null): RestoreWrite | null {
  if (!state) return null;
  if (kind === 'segment') {
    const id = Number(key);
    const parsed = upsertSegmentSchema.safeParse({
      name: state.name,
      description: state.description ?? null,
      project: state.project ?? null,
      constraints: Array.isArray(state.constraints) ? state.constraints.map((c) => pick(c, constraintKeys)) : state.constraints,
    });
    return parsed.success && Number.isInteger(id) ? { kind, id, segment: parsed.data } : null;
  }
  if (kind === 'strategy-type') {
    const parsed = updateStrategySchema.safeParse({
      // strategy-updated data lacks description/title when the write left them alone: keep them as they are then
      ...(state.description !== undefined ? { description: state.description } : {}),
      ...(state.title !== undefined ? { title: state.title } : {}),
      parameters: Array.isArray(state.parameters) ? state.parameters.map((p) => pick(p, parameterKeys)) : state.parameters,
    });
    return parsed.success ? { kind, name: key, update: parsed.data } : null;
  }
  const parsed = z.object({ frontendApiOrigins: frontendOriginsSchema }).safeParse(state);
  return parsed.success ? { kind, origins: parsed.data.frontendApiOrigins } : null;
}
