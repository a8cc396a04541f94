import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';

const segmentsScreen = lazyScreen(() => import('./segments-screen'));
const segmentEditor = lazyScreen(() => import('./segment-editor'));

/** Segments' URLs: the list (search/filter/sort in the query string), a new one, one segment, a duplicate. */
export const segmentsRoutes: RouteObject[] = [
  { path: 'segments', lazy: segmentsScreen },
  { path: 'segments/new', lazy: segmentEditor },
  { path: 'segments/:segmentId', lazy: segmentEditor },
  { path: 'segments/:segmentId/duplicate', lazy: segmentEditor },
];
