import type { PlaygroundContext } from '../../../shared/evaluation';

/** Saved contexts, per connection profile, in localStorage (they hold no secret). */
const key = (profileId: string) => `flagdesk.playground.contexts.${profileId}`;

export type SavedContexts = Record<string, PlaygroundContext>;

export function loadSavedContexts(profileId: string): SavedContexts {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key(profileId)) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as SavedContexts) : {};
  } catch {
    return {};
  }
}

export function saveContext(profileId: string, name: string, context: PlaygroundContext): SavedContexts {
  const next = { ...loadSavedContexts(profileId), [name]: context };
  localStorage.setItem(key(profileId), JSON.stringify(next));
  return next;
}
