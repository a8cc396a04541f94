import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const SegmentsScreen = lazy(() => import('./segments-screen'));
const SegmentEditor = lazy(() => import('./segment-editor'));

/** Segments' URLs: the list (search/filter/sort in the query string), a new one, one segment, a duplicate. */
export const segmentsRoutes: RouteObject[] = [
  { path: 'segments', element: <SegmentsScreen /> },
  { path: 'segments/new', element: <SegmentEditor /> },
  { path: 'segments/:segmentId', element: <SegmentEditor /> },
  { path: 'segments/:segmentId/duplicate', element: <SegmentEditor /> },
];
