import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/errors';
import { fakeBridge } from './fake-bridge';

describe('typed fake bridge', () => {
  it('answers from its handlers and records every call', async () => {
    const bridge = fakeBridge({ 'segments.get': ({ id }) => ({ id, name: `segment-${id}`, constraints: [], createdAt: '2024-01-01T00:00:00.000Z' }) });
    await expect(bridge.invoke('segments.get', { id: 7 })).resolves.toEqual({ ok: true, data: { id: 7, name: 'segment-7', constraints: [], createdAt: '2024-01-01T00:00:00.000Z' } });
    expect(bridge.inputsOf('segments.get')).toEqual([{ id: 7 }]);
  });

  it('turns a thrown ApiError into the error envelope main would send', async () => {
    const bridge = fakeBridge({
      'segments.delete': () => {
        throw new ApiError(409, 'SegmentInUseError', 'in use');
      },
    });
    await expect(bridge.invoke('segments.delete', { id: 1 })).resolves.toEqual({
      ok: false,
      error: { kind: 'refused', status: 409, name: 'SegmentInUseError', message: 'in use' },
    });
  });

  it('fails a channel the test does not answer, naming it', async () => {
    await expect(fakeBridge().invoke('cors' as never, {} as never)).resolves.toMatchObject({ ok: false, error: { status: 501 } });
    await expect(fakeBridge().invoke('segments.list', {})).resolves.toMatchObject({ ok: false, error: { message: expect.stringContaining('segments.list') } });
  });

  it('delivers pushes to subscribers until they unsubscribe', () => {
    const bridge = fakeBridge();
    const seen: unknown[] = [];
    const stop = bridge.on('connections.changed', (status) => seen.push(status.activeProfileId));
    bridge.emit('connections.changed', { activeProfileId: 'p1', profiles: [], encryptionAvailable: true, activeInsecureHttp: false });
    stop();
    bridge.emit('connections.changed', { activeProfileId: 'p2', profiles: [], encryptionAvailable: true, activeInsecureHttp: false });
    expect(seen).toEqual(['p1']);
  });

  it('does not compile a handler answering the wrong shape (checked by tsc over this file)', () => {
    fakeBridge({
      // @ts-expect-error segments.list answers an array of segments, not one
      'segments.list': () => ({ id: 1, name: 'x', constraints: [] }),
      // @ts-expect-error the version is a string
      'uiConfig.get': () => ({ version: 6 }),
      // @ts-expect-error segments.get's input has no `name`
      'segments.get': ({ name }) => ({ id: 1, name, constraints: [], createdAt: '' }),
    });
    expect(true).toBe(true);
  });
});
