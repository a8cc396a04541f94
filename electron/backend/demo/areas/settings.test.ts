import { describe, expect, it } from 'vitest';
import { eventsOf, freshDemo, rejection } from '../test-support/demo';

describe('ui config', () => {
  it('looks like a 6.10.1 open-source server with the stock limits', async () => {
    const config = await freshDemo().getUiConfig();
    expect(config).toMatchObject({
      version: '6.10.1',
      environment: 'Open Source',
      baseUriPath: '',
      authenticationType: 'open-source',
      frontendApiOrigins: ['*'],
      segmentValuesLimit: 1000,
      strategySegmentsLimit: 5,
      resourceLimits: { segments: 300, segmentValues: 1000, strategySegments: 5, featureEnvironmentStrategies: 30 },
    });
    // 6.10.1 has no feedback endpoint and leaves the key out rather than sending null
    expect(Object.keys(config)).not.toContain('feedbackUriPath');
  });
});

describe('front-end API origins', () => {
  it('replaces the list; first write setting-created, later ones setting-updated with the old list', async () => {
    const demo = freshDemo();
    await demo.setFrontendApiOrigins({ origins: ['https://shop.example.com'] });
    await demo.setFrontendApiOrigins({ origins: ['https://shop.example.com'] });
    await demo.setFrontendApiOrigins({ origins: [] });
    expect((await demo.getUiConfig()).frontendApiOrigins).toEqual([]);
    const [third, second, first] = eventsOf(demo);
    expect(first).toMatchObject({ type: 'setting-created', data: { id: 'unleash.frontend', frontendApiOrigins: ['https://shop.example.com'] }, preData: null });
    expect(second).toMatchObject({ type: 'setting-updated', preData: { frontendApiOrigins: ['https://shop.example.com'] } });
    expect(third).toMatchObject({ type: 'setting-updated', data: { id: 'unleash.frontend', frontendApiOrigins: [] } });
  });

  it('names the first invalid origin and keeps the list', async () => {
    const demo = freshDemo();
    const error = await rejection(demo.setFrontendApiOrigins({ origins: ['*', 'https://ok.example.com', 'https://bad.example.com/', 'not a url'] }));
    expect(error).toMatchObject({
      status: 400,
      name: 'BadDataError',
      message: 'Request validation failed: your request body or params contain invalid data: Invalid origin: https://bad.example.com/',
      details: [{ message: 'Invalid origin: https://bad.example.com/' }],
    });
    expect((await demo.getUiConfig()).frontendApiOrigins).toEqual(['*']);
    expect(demo.events.size).toBe(0);
  });
});
