import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import type { ReadAheadHandle } from '../../lib/read-ahead';
import { instanceQueries } from '../instance';
import { segmentQueries } from './api';

const SegmentsScreen = lazy(() => import('./segments-screen'));
const SegmentEditor = lazy(() => import('./segment-editor'));

/** The list is read while its screen's code loads. */
const list: ReadAheadHandle = {
  readAhead: (client, profileId) => void client.prefetchQuery(segmentQueries.list(profileId)),
};

/**
 * One segment is read while the editor's code loads, with what its form shows beside it (the context fields, the
 * strategies using it): asked only once the form is rendered, their answers came while it was being painted.
 */
const one = (duplicate: boolean): ReadAheadHandle => ({
  readAhead: (client, profileId, params) => {
    const id = Number(params.segmentId);
    if (!Number.isInteger(id) || id <= 0) return;
    void client.prefetchQuery(segmentQueries.detail(profileId, id));
    void client.prefetchQuery(instanceQueries.contextFields(profileId));
    if (!duplicate) void client.prefetchQuery(segmentQueries.usage(profileId, id));
  },
});

/** Segments' URLs: the list (search/filter/sort in the query string), a new one, one segment, a duplicate. */
export const segmentsRoutes: RouteObject[] = [
  { path: 'segments', element: <SegmentsScreen />, handle: list },
  { path: 'segments/new', element: <SegmentEditor /> },
  { path: 'segments/:segmentId', element: <SegmentEditor />, handle: one(false) },
  { path: 'segments/:segmentId/duplicate', element: <SegmentEditor />, handle: one(true) },
];
