import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type SectionId = 'segments' | 'events' | 'strategyTypes' | 'archive' | 'cors' | 'connections';

export interface Section {
  id: SectionId;
  label: string;
  Screen: LazyExoticComponent<ComponentType>;
}

// Each screen is its own chunk: the entry holds only the shell.
const placeholder = (id: Exclude<SectionId, 'segments' | 'connections'>) =>
  lazy(async () => {
    const { PlaceholderScreen } = await import('../features/placeholders/placeholder-screen');
    return { default: () => <PlaceholderScreen id={id} /> };
  });

export const SECTIONS: readonly Section[] = [
  { id: 'segments', label: 'Segments', Screen: lazy(() => import('../features/segments/segments-screen')) },
  { id: 'events', label: 'Events', Screen: placeholder('events') },
  { id: 'strategyTypes', label: 'Strategy types', Screen: placeholder('strategyTypes') },
  { id: 'archive', label: 'Archive check', Screen: placeholder('archive') },
  { id: 'cors', label: 'CORS', Screen: placeholder('cors') },
  { id: 'connections', label: 'Connections', Screen: lazy(() => import('../features/connections/connections-screen')) },
];
