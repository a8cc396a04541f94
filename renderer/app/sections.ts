/** The navigation's sections, in order; each path is a top-level route (app/routes.tsx). */
export interface Section {
  path: string;
  label: string;
}

export const SECTIONS: readonly Section[] = [
  { path: '/segments', label: 'Segments' },
  { path: '/context-fields', label: 'Context fields' },
  { path: '/flags', label: 'Flags' },
  { path: '/events', label: 'Events' },
  { path: '/strategy-types', label: 'Strategy types' },
  { path: '/archive', label: 'Archive check' },
  { path: '/archived', label: 'Archived flags' },
  { path: '/cors', label: 'CORS' },
  { path: '/playground', label: 'Playground' },
  { path: '/compare', label: 'Compare' },
  { path: '/connections', label: 'Connections' },
];
