import { describe, expect, it } from 'vitest';
import type { FlagdeskBridge } from '../../shared/contract';
import { ApiError } from '../../shared/errors';
import { createClient, shouldRetry } from './bridge-client';

function bridgeAnswering(answer: Awaited<ReturnType<FlagdeskBridge['invoke']>> | Error): FlagdeskBridge {
  return {
    invoke: async () => {
      if (answer instanceof Error) throw answer;
      return answer as never;
    },
    on: () => () => {},
  };
}

describe('api client', () => {
  it('returns the data of a successful call', async () => {
    const call = createClient(() => bridgeAnswering({ ok: true, data: [{ id: 'default', name: 'Default' }] }));
    await expect(call('instance.projects', {})).resolves.toEqual([{ id: 'default', name: 'Default' }]);
  });

  it('throws the ApiError main reported, with status, name, message and details', async () => {
    const call = createClient(() =>
      bridgeAnswering({
        ok: false,
        error: { kind: 'refused', status: 409, name: 'NameExistsError', message: 'There already exists a segment named "beta"', details: [{ message: 'taken', path: 'name' }] },
      }),
    );
    const error = await call('segments.list', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'refused', status: 409, name: 'NameExistsError', message: 'There already exists a segment named "beta"' });
    expect((error as ApiError).details).toEqual([{ message: 'taken', path: 'name' }]);
  });

  it('turns a missing bridge into a fault of Flagdesk, not an unreachable server', async () => {
    const call = createClient(() => undefined);
    await expect(call('connections.status', {})).rejects.toMatchObject({ kind: 'fault', name: 'BridgeUnavailableError' });
  });

  it('turns a rejected invoke into a status-0 ApiError carrying the reason', async () => {
    const call = createClient(() => bridgeAnswering(new Error('channel closed')));
    await expect(call('connections.status', {})).rejects.toMatchObject({ status: 0, message: expect.stringContaining('channel closed') });
  });
});

describe('retry policy', () => {
  it('retries unreachable and server errors, not client errors', () => {
    expect(shouldRetry(0, new ApiError(0, 'NetworkError', 'down'))).toBe(true);
    expect(shouldRetry(0, new ApiError(503, 'ServiceUnavailable', 'busy'))).toBe(true);
    expect(shouldRetry(0, new ApiError(401, 'AuthenticationRequired', 'no'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'NotFoundError', 'gone'))).toBe(false);
    expect(shouldRetry(2, new ApiError(500, 'UnknownError', 'boom'))).toBe(false);
  });

  it('reports a refused connection or an unknown host at once, without retrying', () => {
    expect(shouldRetry(0, new ApiError(0, 'NetworkError', 'Could not reach http://127.0.0.1:9: connection refused.'))).toBe(false);
    expect(shouldRetry(0, new ApiError(0, 'NetworkError', 'Could not reach http://nope.invalid: the host name could not be resolved (DNS).'))).toBe(false);
    expect(shouldRetry(0, new ApiError(0, 'TimeoutError', 'did not answer within 10 s.'))).toBe(true);
  });
});
