/**
 * A one-shot cancellation handle for one attempt. Not an AbortSignal on purpose: adding and removing AbortSignal
 * listeners cost ~20 µs a request on loopback (bench: remote backend vs direct HTTP), this costs next to nothing.
 * The fetch transport, which needs a real signal, bridges it (transport.ts).
 */
export class Cancellation {
  #aborted = false;
  #hook: (() => void) | undefined;

  get aborted(): boolean {
    return this.#aborted;
  }

  /** The transport's one hook: called on abort, at once if already aborted. */
  onAbort(hook: () => void): void {
    if (this.#aborted) hook();
    else this.#hook = hook;
  }

  abort(): void {
    if (this.#aborted) return;
    this.#aborted = true;
    const hook = this.#hook;
    this.#hook = undefined;
    hook?.();
  }
}
