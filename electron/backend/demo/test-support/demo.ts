import { ApiError } from '../../../../shared/errors';
import type { FlagEvent } from '../../../../shared/schemas';
import { createDemoBackend, type DemoBackend, type DemoOptions } from '../index';

/** Shared by the demo's unit tests: a fresh instance on a fixed clock, and its newest events. */

export const FIXED_NOW = new Date('2026-06-01T12:00:00.000Z');

export function freshDemo(options: DemoOptions = {}): DemoBackend {
  return createDemoBackend({ dataset: 'empty', clock: () => FIXED_NOW, ...options });
}

/** Events newest first. */
export function eventsOf(backend: DemoBackend): FlagEvent[] {
  return backend.events.list({}).events;
}

export async function rejection(promise: Promise<unknown>): Promise<{ status: number; name: string; message: string; details?: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as { status: number; name: string; message: string; details?: unknown };
  }
  throw new Error('expected the call to fail');
}

/** The ApiError a synchronous call throws (anything else thrown is rethrown). */
export function apiErrorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

/** A flag with one strategy in development, for tests that need a strategy to link segments to. */
export async function flagWithStrategy(
  backend: DemoBackend,
  name: string,
  segments: number[] = [],
  project = 'default',
): Promise<string> {
  await backend.fixtures.createFeature(project, { name });
  const strategy = await backend.fixtures.addFeatureStrategy(project, name, 'development', { name: 'default', segments });
  return strategy.id;
}
