import type { StoredScalars } from './stored-line';

/** Bits of ScannedEvent.escaped: which of its strings were written with an escape in the page. */
export const TYPE = 1;
export const CREATED_BY = 2;
export const CREATED_AT = 4;
export const ENVIRONMENT = 8;
export const PROJECT = 16;
export const FEATURE_NAME = 32;

/** An event of a scanned page: what the copy stores of it. */
export class ScannedEvent {
  constructor(
    readonly id: number,
    readonly createdAt: string,
    readonly scalars: StoredScalars,
    readonly texts: { data: string | null; preData: string | null; tags: string | null },
    /** Which strings held an escape (TYPE, ...): the others are written as they are, between quotes. */
    private readonly escaped: number,
  ) {}

  /**
   * Its line of the copy on disk, as chunkLine (local-event-index.ts) writes a parsed event's: made when the index
   * stores the event, not by the scan (a line made then waited with its window and outlived V8's young generation).
   * A string the page wrote without an escape is its own JSON text between quotes (it holds no quote, backslash or
   * control character, and a decoded answer no lone surrogate), so only those with one are serialised.
   */
  line(): string {
    const { scalars, texts } = this;
    const p: string[] = ['{"id":', String(this.id), ',"type":'];
    this.#string(p, scalars.type, TYPE);
    p.push(',"createdBy":');
    this.#string(p, scalars.createdBy, CREATED_BY);
    p.push(',"createdAt":');
    this.#string(p, scalars.createdAt, CREATED_AT);
    p.push(',"createdByUserId":', JSON.stringify(scalars.createdByUserId ?? null), ',"environment":');
    this.#string(p, scalars.environment ?? null, ENVIRONMENT);
    p.push(',"project":');
    this.#string(p, scalars.project ?? null, PROJECT);
    p.push(',"featureName":');
    this.#string(p, scalars.featureName ?? null, FEATURE_NAME);
    p.push(',"data":', texts.data ?? 'null', ',"preData":', texts.preData ?? 'null', ',"tags":', texts.tags ?? '[]', '}');
    return p.join('');
  }

  #string(p: string[], value: string | null, bit: number): void {
    if (value === null) p.push('null');
    else if ((this.escaped & bit) !== 0) p.push(JSON.stringify(value));
    else p.push('"', value, '"');
  }
}
