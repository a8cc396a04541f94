export interface FileFilter { name: string; extensions: string[] }
/** What the Electron shell offers the core: dialogs and notifications (main.ts implements it; tests fake it). */
export interface ShellPort {
  chooseSaveFile(options: { title: string; defaultName: string; filters: FileFilter[] }): Promise<string | null>;
  chooseOpenFile(options: { title: string; filters: FileFilter[] }): Promise<string | null>;
  notify(title: string, body: string): void;
}
