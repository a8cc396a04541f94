import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/errors';
import { createArchivedList } from './archived-list';
import type { HttpRequest } from './http-client';

const flag = (name: string) => ({ name, project: 'default', type: 'release', archivedAt: '2026-01-01T00:00:00.000Z', favorite: false });

describe('the archive list over HTTP', () => {
  it('reads GET /archive/features where it exists (5.x-7.x)', async () => {
    const asked: string[] = [];
    const list = createArchivedList(async (_op: string, request: HttpRequest) => {
      asked.push(request.path);
      return { version: 2, features: [flag('a')] } as never;
    });
    expect((await list()).map((f) => f.name)).toEqual(['a']);
    expect(asked).toEqual(['/api/admin/archive/features']);
  });

  it('on a 404 (8.x) pages through the feature search until its first total, and asks it directly next time', async () => {
    const asked: string[] = [];
    const pages = [[flag('a'), flag('b')], [flag('c')], []];
    const list = createArchivedList(async (_op: string, request: HttpRequest) => {
      asked.push(request.path);
      if (request.path === '/api/admin/archive/features') throw new ApiError(404, 'NotFoundError', 'The path you were looking for is not available.');
      const offset = Number(new URL(request.path, 'http://x').searchParams.get('offset'));
      // 8.2.0 answers total 0 on a page past the first
      return { features: pages[offset === 0 ? 0 : offset === 2 ? 1 : 2], total: offset === 0 ? 3 : 0 } as never;
    });
    expect((await list()).map((f) => f.name)).toEqual(['a', 'b', 'c']);
    expect(asked.filter((p) => p.startsWith('/api/admin/search/features'))).toHaveLength(2);
    expect(asked[1]).toContain('archived=IS%3Atrue');
    asked.length = 0;
    await list();
    expect(asked.some((p) => p === '/api/admin/archive/features')).toBe(false);
  });
});
