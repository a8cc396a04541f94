/** The app reopens on the screen it was closed on: the last location is kept in localStorage. */
const STORAGE_KEY = 'flagdesk:last-location';
export const HOME = '/segments';

export function saveLastLocation(location: { pathname: string; search: string }): void {
  try {
    localStorage.setItem(STORAGE_KEY, location.pathname + location.search);
  } catch {
    // Storage full or disabled: reopening on the home screen is an acceptable fallback.
  }
}

export function lastLocation(): string {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return saved && saved.startsWith('/') ? saved : HOME;
  } catch {
    return HOME;
  }
}

/** Before the hash router starts: an empty hash (a fresh launch) becomes the last location. */
export function restoreLastLocation(): void {
  if (window.location.hash === '' || window.location.hash === '#' || window.location.hash === '#/') {
    window.history.replaceState(null, '', `#${lastLocation()}`);
  }
}
