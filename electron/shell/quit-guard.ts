import type { ShellPort } from './shell-port';

/**
 * What happens at quit when the demo's changes could not be saved: one more attempt, then the user decides:
 * retry, save a copy elsewhere, quit anyway (losing them) or stay. Free of Electron: main.ts only shows the dialog.
 */
export interface UnsavedWork {
  /** True while some change has not reached the disk. */
  pending(): boolean;
  /** The sentence saying why saving fails, if it does. */
  problem(): string | undefined;
  /** Writes a save now; rejects when it fails. */
  retry(): Promise<void>;
  /** Writes the data to a file the user chose. */
  saveCopy(path: string): Promise<void>;
}

export type QuitChoice = 'retry' | 'elsewhere' | 'quit' | 'cancel';

/** The buttons of the question, in the order main.ts shows them (the index is the dialog's answer). */
export const QUIT_CHOICES: readonly { choice: QuitChoice; label: string }[] = [
  { choice: 'retry', label: 'Try again' },
  { choice: 'elsewhere', label: 'Save a copy elsewhere…' },
  { choice: 'quit', label: 'Quit without saving' },
  { choice: 'cancel', label: 'Cancel' },
];

export interface QuitPrompt {
  /** Shows `message` with QUIT_CHOICES and answers the one picked. */
  ask(message: string): Promise<QuitChoice>;
  chooseSaveFile: ShellPort['chooseSaveFile'];
}

export type QuitDecision = 'quit' | 'stay';

export async function settleUnsavedBeforeQuit(work: UnsavedWork, prompt: QuitPrompt): Promise<QuitDecision> {
  if (!work.pending()) return 'quit';
  await work.retry().catch(() => undefined);
  let note = '';
  while (work.pending()) {
    const problem = work.problem() ?? 'Some changes to the demo data have not been saved.';
    const choice = await prompt.ask(`${problem}${note} If you quit now, these changes are lost.`);
    note = '';
    if (choice === 'cancel') return 'stay';
    if (choice === 'quit') return 'quit';
    if (choice === 'retry') {
      await work.retry().catch(() => undefined);
      continue;
    }
    const path = await prompt.chooseSaveFile({
      title: 'Save a copy of the demo data',
      defaultName: 'flagdesk-demo-snapshot.json',
      filters: [{ name: 'JSON', extensions: ['json'] }],
    });
    if (path === null) continue;
    try {
      await work.saveCopy(path);
      return 'quit';
    } catch {
      note = ' Writing the copy failed too; choose another place.';
    }
  }
  return 'quit';
}
