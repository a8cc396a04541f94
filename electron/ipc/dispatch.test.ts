import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/errors';
import { createDispatch } from './dispatch';
import type { Handlers } from './handler-types';
import { createSenderPolicy, type IpcSender } from './sender';

const APP: IpcSender = { webContentsId: 7, frameUrl: 'app://flagdesk/index.html', isMainFrame: true };
const SEGMENT = { id: 1, name: 'beta users', constraints: [], createdAt: '2026-01-01T00:00:00.000Z' };

function setup(handlers: Partial<Handlers>, redact?: (s: string) => string) {
  const senders = createSenderPolicy();
  senders.trust(7);
  const onUnexpectedError = vi.fn();
  const dispatch = createDispatch({ handlers: handlers as Handlers, senders, onUnexpectedError, ...(redact ? { redact } : {}) });
  return { dispatch, onUnexpectedError };
}

describe('dispatch', () => {
  it('answers a valid call with the handler result', async () => {
    const { dispatch } = setup({ 'segments.get': async ({ id }) => ({ ...SEGMENT, id }) });
    expect(await dispatch('segments.get', { id: 3 }, APP)).toEqual({ ok: true, data: { ...SEGMENT, id: 3 } });
  });

  it('resolves writes without a body to null', async () => {
    const { dispatch } = setup({ 'segments.delete': async () => null });
    expect(await dispatch('segments.delete', { id: 1 }, APP)).toEqual({ ok: true, data: null });
  });

  it('resolves a handler that returns nothing (undefined) to null, not to a contract drift', async () => {
    const { dispatch, onUnexpectedError } = setup({ 'segments.delete': async () => undefined as never });
    expect(await dispatch('segments.delete', { id: 1 }, APP)).toEqual({ ok: true, data: null });
    expect(onUnexpectedError).not.toHaveBeenCalled();
  });

  it.each([
    ['another webContents', { ...APP, webContentsId: 8 }],
    ['a subframe', { ...APP, isMainFrame: false }],
    ['a remote page in the window', { ...APP, frameUrl: 'https://evil.example/index.html' }],
    ['a file: page', { ...APP, frameUrl: 'file:///etc/passwd' }],
    ['an app URL with credentials', { ...APP, frameUrl: 'app://user:pw@flagdesk/' }],
    ['a look-alike host', { ...APP, frameUrl: 'app://flagdesk.evil/' }],
    ['no sender at all', undefined as unknown as IpcSender],
  ])('refuses %s without calling the handler', async (_label, sender) => {
    const handler = vi.fn(async () => []);
    const { dispatch } = setup({ 'segments.list': handler });
    const result = await dispatch('segments.list', {}, sender);
    expect(result).toMatchObject({
      ok: false,
      error: {
        kind: 'fault',
        status: 403,
        name: 'ForbiddenError',
        message: 'This request did not come from the Flagdesk window and was refused.',
      },
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses an unknown channel, including inherited property names', async () => {
    const { dispatch } = setup({});
    for (const channel of ['segments.drop', '__proto__', 'constructor', 'toString', 42]) {
      expect(await dispatch(channel, {}, APP)).toMatchObject({ ok: false, error: { kind: 'fault', status: 404, name: 'UnknownChannelError' } });
    }
  });

  it('names the unknown channel in its message, quoted and cut at 100 characters', async () => {
    const { dispatch } = setup({});
    expect(await dispatch('segments.drop', {}, APP)).toMatchObject({
      error: { message: 'There is no IPC channel named "segments.drop".' },
    });
    expect(await dispatch(42, {}, APP)).toMatchObject({ error: { message: 'There is no IPC channel named "42".' } });
    const long = `${'a'.repeat(100)}TAIL`;
    expect(await dispatch(long, {}, APP)).toMatchObject({
      error: { message: `There is no IPC channel named "${'a'.repeat(100)}".` },
    });
  });

  it('refuses invalid input with 400 ValidationError and the failing paths', async () => {
    const handler = vi.fn();
    const { dispatch } = setup({ 'segments.create': handler });
    const result = await dispatch('segments.create', { name: 5, constraints: [{ contextName: 'x' }], extra: 1 }, APP);
    expect(handler).not.toHaveBeenCalled();
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.status).toBe(400);
    expect(result.error.name).toBe('ValidationError');
    expect(result.error.message).toMatch(/^Invalid input for segments\.create: /);
    const paths = result.error.details?.map((d) => d.path);
    expect(paths).toContain('name');
    expect(paths).toContain('constraints.0.operator');
  });

  it('explains a union input by the branch that came closest (connections.test with a bad URL)', async () => {
    const { dispatch } = setup({ 'connections.test': vi.fn() });
    const result = await dispatch('connections.test', { baseUrl: 'https://user:pw@unleash.example.com', token: 't' }, APP);
    expect(result).toMatchObject({
      ok: false,
      error: {
        status: 400,
        message: expect.stringContaining('baseUrl: must not contain a user name or password'),
        details: [{ path: 'baseUrl', message: expect.stringContaining('must not contain a user name or password') }],
      },
    });
  });

  it('passes an ApiError through as its shape', async () => {
    const { dispatch } = setup({
      'segments.get': async () => {
        throw new ApiError(404, 'NotFoundError', 'No segment exists with ID "9"');
      },
    });
    expect(await dispatch('segments.get', { id: 9 }, APP)).toEqual({
      ok: false,
      error: { kind: 'refused', status: 404, name: 'NotFoundError', message: 'No segment exists with ID "9"' },
    });
  });

  it('scrubs secrets from error messages and details', async () => {
    const { dispatch } = setup(
      {
        'segments.list': async () => {
          throw new ApiError(401, 'AuthenticationRequired', 'token s3cr3t-token refused', [{ message: 'bad s3cr3t-token' }]);
        },
      },
      (s) => s.replaceAll('s3cr3t-token', '[hidden token]'),
    );
    const text = JSON.stringify(await dispatch('segments.list', {}, APP));
    expect(text).not.toContain('s3cr3t-token');
    expect(text).toContain('[hidden token]');
  });

  it('answers a backend that drifts from the contract with 502 InvalidResponseError', async () => {
    const { dispatch } = setup({ 'segments.get': async () => ({ id: 'one', name: 1 }) as never });
    expect(await dispatch('segments.get', { id: 1 }, APP)).toMatchObject({
      ok: false,
      error: {
        kind: 'fault',
        status: 502,
        name: 'InvalidResponseError',
        message: 'The backend answered segments.get with data Flagdesk does not understand.',
      },
    });
  });

  it('answers failures without an onUnexpectedError listener, never throwing', async () => {
    const senders = createSenderPolicy();
    senders.trust(7);
    const handlers = {
      'segments.list': async () => {
        throw new TypeError('boom');
      },
      'segments.get': async () => ({ id: 'one', name: 1 }) as never,
    } as Partial<Handlers> as Handlers;
    const dispatch = createDispatch({ handlers, senders });
    await expect(dispatch('segments.list', {}, APP)).resolves.toMatchObject({ ok: false, error: { status: 500, name: 'InternalError' } });
    await expect(dispatch('segments.get', { id: 1 }, APP)).resolves.toMatchObject({
      ok: false,
      error: { status: 502, name: 'InvalidResponseError' },
    });
  });

  it('turns any other failure into a generic 500 with no stack, URL or secret', async () => {
    const { dispatch, onUnexpectedError } = setup({
      'segments.list': async () => {
        throw new TypeError('fetch https://admin:tok3n@host/api failed at /home/me/app.js:12');
      },
    });
    const result = await dispatch('segments.list', {}, APP);
    expect(result).toMatchObject({ ok: false, error: { kind: 'fault', status: 500, name: 'InternalError' } });
    const text = JSON.stringify(result);
    expect(text).not.toMatch(/tok3n|https:|app\.js|TypeError/);
    expect(onUnexpectedError).toHaveBeenCalledOnce();
  });

  it('never throws, even when the handler throws a non-Error', async () => {
    const { dispatch } = setup({ 'segments.list': () => Promise.reject('a string') });
    await expect(dispatch('segments.list', {}, APP)).resolves.toMatchObject({ ok: false, error: { status: 500 } });
  });
});
