import type { AdminOperations } from '../../admin-backend';
import type { DemoContext } from './context';

/** An operation of the backend as the demo writes it: a function of the demo's context and the method's arguments. */
export type OnContext<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (ctx: DemoContext, ...args: A) => R : never;
};

/** What one area module contributes: some of AdminBackend's operations, each checked against its declaration. */
export type AreaOperations = Partial<OnContext<AdminOperations>>;
