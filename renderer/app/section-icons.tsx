import type { ReactElement } from 'react';

/**
 * One small line icon per section (app/sections.ts), drawn in the text colour. Below 900 px the navigation shows
 * only these, so each must be told apart at a glance; the section's name stays the link's accessible name.
 */
const PATHS: Record<string, ReactElement> = {
  '/segments': (
    <>
      <circle cx="7" cy="7" r="3" />
      <circle cx="14" cy="8" r="2.5" />
      <path d="M2 17c0-3 2.2-5 5-5s5 2 5 5M11.5 13.2c.8-.8 1.6-1.2 2.5-1.2 2.3 0 4 1.7 4 4.5" />
    </>
  ),
  '/context-fields': (
    <>
      <path d="M3 3h7l7 7-7 7-7-7z" />
      <circle cx="7" cy="7" r="1.3" />
    </>
  ),
  '/flags': <path d="M4 18V3M4 4h10l-2 3.5L14 11H4" />,
  '/events': (
    <>
      <circle cx="10" cy="10" r="7" />
      <path d="M10 6v4l3 2" />
    </>
  ),
  '/strategy-types': <path d="M3 5h8M15 5h2M3 10h3M10 10h7M3 15h9M16 15h1M13 3v4M8 8v4M14 13v4" />,
  '/archive': <path d="M3 4h14v4H3zM4.5 8v8h11V8M8 11h4" />,
  '/archived': <path d="M3 4h14v4H3zM4.5 8v8h11V8M10 15v-5M7.5 12.5 10 10l2.5 2.5" />,
  '/cors': (
    <>
      <circle cx="10" cy="10" r="7" />
      <path d="M3 10h14M10 3c2 2 3 4.5 3 7s-1 5-3 7c-2-2-3-4.5-3-7s1-5 3-7" />
    </>
  ),
  '/playground': <path d="M6 4v12l10-6z" />,
  // two columns and an arrow from the left one to the right one
  '/compare': <path d="M3 4h5v12H3zM12 4h5v12h-5zM6 10h8M11.5 7.5 14 10l-2.5 2.5" />,
  '/connections': <path d="M7 3v4M13 3v4M5 7h10v3a5 5 0 0 1-10 0zM10 15v3" />,
};

export function SectionIcon({ path }: { path: string }) {
  return (
    <svg className="nav-icon" viewBox="0 0 20 20" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {PATHS[path]}
    </svg>
  );
}
