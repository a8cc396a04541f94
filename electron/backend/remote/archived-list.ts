import { z } from 'zod';
import type { ArchivedFeature } from '../../../shared/schemas';
import { isApiError } from '../../../shared/errors';
import { withQuery } from './base-url';
import type { HttpRequest } from './http-client';

const listedSchema = z.looseObject({
  name: z.string(),
  project: z.string(),
  type: z.string().nullish(),
  description: z.string().nullish(),
  stale: z.boolean().nullish(),
  impressionData: z.boolean().nullish(),
  createdAt: z.string().nullish(),
  archivedAt: z.string().nullish(),
});
const archiveListSchema = z.looseObject({ features: z.array(listedSchema) });
const searchPageSchema = z.looseObject({ features: z.array(listedSchema), total: z.number().int() });

type Read = <S extends z.ZodType>(operation: string, request: HttpRequest, schema: S) => Promise<z.infer<S>>;

const PAGE = 100;

function toArchived(flag: z.infer<typeof listedSchema>): ArchivedFeature {
  return {
    name: flag.name,
    project: flag.project,
    type: flag.type ?? null,
    description: flag.description ?? null,
    stale: flag.stale ?? false,
    impressionData: flag.impressionData ?? false,
    createdAt: flag.createdAt ?? null,
    archivedAt: flag.archivedAt ?? null,
  };
}

/**
 * The archived flags of every project. 5.x to 7.x list them at GET /archive/features (5.12.8's feature search
 * ignores `archived`); 8.x removed that route (404) and lists them with GET /search/features?archived=IS:true,
 * paged (its `total` reads 0 on a page past the end, so the first page's total says when to stop).
 */
export function createArchivedList(read: Read): () => Promise<ArchivedFeature[]> {
  let route: 'archive' | 'search' | undefined;
  async function bySearch(): Promise<ArchivedFeature[]> {
    const found: ArchivedFeature[] = [];
    let total = Infinity;
    while (found.length < total) {
      const query = { archived: 'IS:true', limit: String(PAGE), offset: String(found.length), sortBy: 'createdAt', sortOrder: 'desc' };
      const page = await read('listArchivedFeatures', { method: 'GET', path: withQuery('/api/admin/search/features', query) }, searchPageSchema);
      if (total === Infinity) total = page.total;
      if (page.features.length === 0) break;
      found.push(...page.features.map(toArchived));
    }
    return found;
  }
  return async () => {
    if (route === 'search') return bySearch();
    try {
      const list = await read('listArchivedFeatures', { method: 'GET', path: '/api/admin/archive/features' }, archiveListSchema);
      route = 'archive';
      return list.features.map(toArchived);
    } catch (error) {
      if (route === undefined && isApiError(error) && error.status === 404) {
        route = 'search';
        return bySearch();
      }
      throw error;
    }
  };
}
