import type { z } from 'zod';
import { strategyTypeSchema } from '../../../shared/schemas';
import type { AdminBackend } from '../admin-backend';
import { path } from './base-url';
import type { HttpRequest } from './http-client';

type Read = <S extends z.ZodType>(operation: string, request: HttpRequest, schema: S) => Promise<z.output<S>>;
type Write = (operation: string, request: HttpRequest) => Promise<void>;

/**
 * A strategy type's life over HTTP: the same routes on 5.12.8 to 8.2.0. Deprecate and reactivate send no body (the
 * server takes any content type there); delete is sent as asked: the refusal while flags use the type is main's.
 */
export function strategyTypeWrites(
  read: Read,
  write: Write,
): Pick<AdminBackend, 'createStrategyType' | 'deprecateStrategyType' | 'reactivateStrategyType' | 'deleteStrategyType'> {
  const typePath = (name: string) => path`/api/admin/strategies/${name}`;
  return {
    createStrategyType: (input) => read('createStrategyType', { method: 'POST', path: '/api/admin/strategies', body: input }, strategyTypeSchema),
    deprecateStrategyType: ({ name }) => write('deprecateStrategyType', { method: 'POST', path: `${typePath(name)}/deprecate` }),
    reactivateStrategyType: ({ name }) => write('reactivateStrategyType', { method: 'POST', path: `${typePath(name)}/reactivate` }),
    deleteStrategyType: ({ name }) => write('deleteStrategyType', { method: 'DELETE', path: typePath(name) }),
  };
}
