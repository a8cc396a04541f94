/**
 * The controls under `scope` a user can still operate (not disabled, not inside a disabled fieldset), each by a
 * readable name: a read-only screen's test lists what stays live (filters, testers, history) and fails on any
 * other. jsdom's `disabled` property ignores a disabled fieldset ancestor, so that is checked here.
 */
export function liveControls(scope: ParentNode = document.body): string[] {
  const controls = Array.from(scope.querySelectorAll<HTMLElement>('button, input, select, textarea'));
  return controls.filter((control) => !isDisabled(control)).map(nameOf);
}

export function isDisabled(control: Element): boolean {
  if ((control as HTMLButtonElement).disabled) return true;
  for (let fieldset = control.closest('fieldset'); fieldset; fieldset = fieldset.parentElement?.closest('fieldset') ?? null) {
    // The first legend of a disabled fieldset stays enabled (HTML's rule).
    if (fieldset.disabled && !fieldset.querySelector(':scope > legend')?.contains(control)) return true;
  }
  return false;
}

function nameOf(control: HTMLElement): string {
  const label = control.getAttribute('aria-label') ?? (control as HTMLInputElement).labels?.[0]?.textContent ?? control.textContent ?? '';
  return `${control.tagName.toLowerCase()}:${label.replace(/\s+/g, ' ').trim()}`;
}
