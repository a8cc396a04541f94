import type { ComponentType } from 'react';

/**
 * A route's screen, loaded with React Router's `route.lazy`: the router reads the screen's chunk before it commits
 * the navigation, so the screen it leaves stays up those few milliseconds and the new one comes whole. With
 * React.lazy inside each section's new Suspense boundary, a first visit showed "Opening…" and React holds a shown
 * fallback for at least 300 ms: a chunk read in ~50 ms took the segments list ~300 ms longer to appear.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: (await load()).default });
}
