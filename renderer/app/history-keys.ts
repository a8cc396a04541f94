/**
 * Back and forward like a browser: mouse buttons 3/4 and Alt+Left/Right. Electron's window has no such defaults,
 * and in Chromium we cancel the default so a step is never taken twice.
 */
export function bindHistoryKeys(go: (delta: number) => void): () => void {
  const onMouseUp = (event: MouseEvent) => {
    if (event.button === 3 || event.button === 4) {
      event.preventDefault();
      go(event.button === 3 ? -1 : 1);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    // Alt+arrows inside a text field move by word on some systems: leave them alone there.
    const target = event.target;
    if (target instanceof Element && target.closest('input, textarea, [contenteditable="true"]')) return;
    event.preventDefault();
    go(event.key === 'ArrowLeft' ? -1 : 1);
  };
  window.addEventListener('mouseup', onMouseUp);
  window.addEventListener('keydown', onKeyDown);
  return () => {
    window.removeEventListener('mouseup', onMouseUp);
    window.removeEventListener('keydown', onKeyDown);
  };
}
