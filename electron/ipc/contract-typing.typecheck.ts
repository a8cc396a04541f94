/**
 * Compile-time checks, run by `tsc` (npm run typecheck), never executed: each `@ts-expect-error` line must be a
 * type error, so if the typing that catches a missing or drifting handler ever loosens, tsc fails on the unused
 * directive. What they pin: a channel of shared/contract.ts without its handler, or a handler or backend operation
 * whose input or output drifts from the contract, does not compile.
 */
import { contract } from '../../shared/contract';
import type { AdminBackend } from '../backend/admin-backend';
import type { OnActiveBackend } from '../backend/operations/on-active-backend';
import type { Handler, HandlerSlice, Handlers } from './handler-types';

declare const handlers: Handlers;
const { ['segments.get']: _dropped, ...withoutOne } = handlers;

// @ts-expect-error: a channel of the contract without its handler
export const missingHandler: Handlers = withoutOne;

// @ts-expect-error: the handler's input drifts (segments.get takes { id: number })
export const driftingInput: Handler<'segments.get'> = async (input: { id: string }) => ({
  id: Number(input.id),
  name: 'n',
  constraints: [],
  createdAt: '2026-01-01T00:00:00.000Z',
});

// @ts-expect-error: the handler's output drifts (segments.get answers a segment, not its name)
export const driftingOutput: Handler<'segments.get'> = async () => 'beta users';

// @ts-expect-error: positional arguments instead of the contract's input object
export const positional: AdminBackend['getFeature'] = async (projectId: string, featureName: string) => ({
  name: featureName,
  project: projectId,
});

// @ts-expect-error: a handler for a channel the contract does not declare (the fixtures are not channels)
export const extraHandler: Handlers = { ...handlers, 'instance.createFeature': async () => null };

// @ts-expect-error: a slice (as an area exports it) with a key that is no channel of the contract
export const strayKey = { 'segments.rename': async () => null } satisfies HandlerSlice;

// @ts-expect-error: a slice whose handler answers what the contract does not say (segments.delete answers nothing)
export const sliceOutputDrift = { 'segments.delete': async () => ({ deleted: true }) } satisfies HandlerSlice;

/** A backend whose operation answers something else than the channel that calls it. */
declare const onDriftingBackend: OnActiveBackend<{ getSegment(input: { id: number }): Promise<{ id: number }> }>;
export const backendDrift = {
  // @ts-expect-error: the backend's answer is no segment, so the channel's handler does not compile
  'segments.get': (input) => onDriftingBackend((backend) => backend.getSegment(input)),
} satisfies HandlerSlice;

// @ts-expect-error: a contract entry's fuzz sample must be a valid input of its channel's type
export const wrongSample: (typeof contract)['segments.get']['sample'] = { id: 'one' };

// The correct shapes compile: the control that the errors above come from the drift, not from the setup.
export const correct: Handler<'segments.get'> = async ({ id }) => ({ id, name: 'n', constraints: [], createdAt: '2026-01-01T00:00:00.000Z' });
export const complete: Handlers = { ...withoutOne, 'segments.get': correct };
