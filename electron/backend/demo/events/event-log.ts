import type { EventCreator, EventQueryPage, EventQueryParams, EventTag, Events, FlagEvent, ListEventsQuery, SearchEvents } from '../../../../shared/schemas/event';
import { LIMITS } from '../../../../shared/domain/limits';
import { FloatList, IdList, Interner, PositionIndex } from './columns';
import type { ChunkIndexer } from './chunk-index';
import { Haystack, type ColumnTexts } from './haystack';
import { checkedDate, columnTexts, rowOf, toRow, type NewEvent, type Row } from './event-row';
import { searchEvents } from './event-search';
import { normalizeSearch } from './search-input';
import { eventLogSnapshotSchema, type EventLogSnapshot } from './snapshot';
import { describeEvent } from '../../../../shared/domain/event-summary';
import { parseEventQuery } from '../../event-query/event-query';
import { searchEventQuery, type EventTables } from './event-query-search';
import { isoTime } from './iso-time';
import { BARE_EVENTS, EventPageWriter, type EventScalars, type EventTextPage } from './event-json';

export type { NewEvent } from './event-row';

interface EventLogOptions {
  clock?: () => Date;
  /** Events per stored text chunk (haystack.ts); tests make it small to cross chunks with a few events. */
  chunkEvents?: number;
  /** Indexes the text chunks off this thread (chunk-index-thread.ts: the local copy's sync). */
  indexer?: ChunkIndexer;
}

/** An event of another server's log ready to store (EventLog.prepareCopied). */
export interface CopiedRow {
  readonly row: Row;
  readonly createdAtMs: number;
  /** The JSON texts its bodies are stored as. */
  readonly texts: ColumnTexts;
}

/** What EventLog.mark() gives: the log's size and how many values each column had interned. */
export interface LogMark {
  readonly size: number;
  readonly interned: readonly number[];
}

const EMPTY_TAGS = '[]';

/**
 * The demo backend's event log, answering like Unleash 6.10.1 (docs/server-behaviour.md#event-list, docs/server-behaviour.md#body-search-6x, docs/server-behaviour.md#event-records): ids from 1, newest first
 * by createdAt then id. Since ids and createdAt rise together, "newest first" is simply descending index order.
 * Rows live in columns (see columns.ts) and data/preData are kept as their JSON text in the haystack (on disk once a
 * chunk is full, see haystack.ts), parsed only for rows returned.
 */
export class EventLog {
  private readonly clock: () => Date;
  private readonly types = new Interner<string>();
  private readonly actors = new Interner<string>();
  private readonly userIds = new Interner<number>();
  private readonly projects = new Interner<string>();
  private readonly features = new Interner<string>();
  private readonly environments = new Interner<string>();

  private readonly createdAt = new FloatList();
  private readonly typeCol = new IdList();
  private readonly actorCol = new IdList();
  private readonly userCol = new IdList();
  private readonly projectCol = new IdList();
  private readonly featureCol = new IdList();
  private readonly environmentCol = new IdList();

  private readonly byType = new PositionIndex();
  private readonly byProject = new PositionIndex();
  private readonly byFeature = new PositionIndex();
  private readonly haystack: Haystack;

  constructor(options?: EventLogOptions) {
    this.clock = options?.clock ?? (() => new Date());
    this.haystack = new Haystack(options?.chunkEvents, options?.indexer);
  }

  get size(): number {
    return this.createdAt.length;
  }

  /** Resolves once the text chunks stored so far are indexed (EventLogOptions.indexer; at once without one). */
  indexed(): Promise<void> {
    return this.haystack.indexed();
  }

  /**
   * Stores an event stamped with the clock (never earlier than the newest event, so createdAt order = id order).
   * Returns undefined when Unleash (>= 6.8) would drop it: data and preData both set and deep-equal (docs/server-behaviour.md#event-records).
   */
  append(event: NewEvent): FlagEvent | undefined {
    const row = toRow(event);
    if (row === undefined) return undefined;
    const now = this.clock().getTime();
    const last = this.createdAt.last();
    this.store(row, last !== undefined && last > now ? last : now);
    return this.record(this.size - 1);
  }

  /**
   * Bulk seeding with given timestamps, which must not decrease. No-op updates are dropped as in append(), unless
   * `keepNoOps` (a copy of another server's log keeps every event it was given, one row per event).
   */
  appendHistory(events: Iterable<NewEvent & { createdAt: string }>, options: { keepNoOps?: boolean } = {}): void {
    for (const event of events) this.appendDated(event, options.keepNoOps === true);
  }

  /**
   * One event of another server's log made ready to store (a copy keeps every event it is given, no-ops too): its date
   * read and its bodies serialised into the JSON texts they are stored as (`texts`, so a copy written to disk need not
   * serialise them again). Nothing is stored until storeCopied. Throws what appending it would: a createdAt it cannot
   * read, or one earlier than the newest event stored.
   */
  prepareCopied(event: NewEvent & { createdAt: string }): CopiedRow {
    return this.copied(toRow(event, true) as Row, event.createdAt);
  }

  /**
   * As prepareCopied, for an event whose bodies are already the texts they are stored as (a line of a copy on disk,
   * written from `texts`): nothing is parsed or serialised again. Empty tags are `null`, as toRow gives them.
   */
  prepareStored(event: Omit<NewEvent, 'data' | 'preData' | 'tags'> & { createdAt: string }, texts: ColumnTexts): CopiedRow {
    return this.copied(rowOf(event, texts.data, texts.preData, texts.tags === EMPTY_TAGS ? null : texts.tags), event.createdAt);
  }

  /** A row of another server's log with its date read (never earlier than the newest event stored) and its texts. */
  private copied(row: Row, createdAt: string): CopiedRow {
    return { row, createdAtMs: checkedDate(createdAt, this.createdAt.last()), texts: columnTexts(row) };
  }

  /** Stores what prepareCopied made, in its order. */
  storeCopied(copied: CopiedRow): void {
    this.store(copied.row, copied.createdAtMs);
  }

  /** Where the log stands, for rollBack. */
  mark(): LogMark {
    return { size: this.size, interned: this.interners().map((interner) => interner.count) };
  }

  /**
   * Forgets every event stored since `mark` was taken, and the values only they brought: the log answers as it did
   * then (a copy's window is stored whole or not at all, without holding all of it ready before storing any).
   */
  rollBack(mark: LogMark): void {
    const size = mark.size;
    // the haystack first: the one step that can fail (it reads a sealed chunk back), and it fails before it changes
    // anything, so a failed rollback leaves every column and body as they were, in step with each other
    this.haystack.truncate(size);
    this.interners().forEach((interner, i) => interner.truncate(mark.interned[i] as number));
    for (const column of this.columns()) column.truncate(size);
    for (const index of this.positionIndexes()) index.truncate(size);
    this.creatorsCache = undefined;
  }

  private interners(): Interner<string | number>[] {
    return [this.types, this.actors, this.userIds, this.projects, this.features, this.environments] as Interner<string | number>[];
  }

  private columns(): (FloatList | IdList)[] {
    return [this.createdAt, this.typeCol, this.actorCol, this.userCol, this.projectCol, this.featureCol, this.environmentCol];
  }

  private positionIndexes(): PositionIndex[] {
    return [this.byType, this.byProject, this.byFeature];
  }

  /** One event of appendHistory; the row stored, or undefined for a no-op dropped. */
  private appendDated(event: NewEvent & { createdAt: string }, keepNoOps: boolean): Row | undefined {
    const ms = checkedDate(event.createdAt, this.createdAt.last());
    const row = toRow(event, keepNoOps);
    if (row !== undefined) this.store(row, ms);
    return row;
  }

  /** GET /api/admin/events (6.x): newest 100, optionally of one project (exact); '' means no filter. */
  list(query: ListEventsQuery): Events {
    const cap = LIMITS.eventsListed;
    if (query.project === undefined || query.project === '') {
      const picked: number[] = [];
      for (let i = this.size - 1; i >= 0 && picked.length < cap; i--) picked.push(i);
      return { version: 1, events: this.records(picked), totalEvents: this.size };
    }
    const id = this.projects.find(query.project);
    const list = id === undefined ? undefined : this.byProject.get(id);
    if (!list) return { version: 1, events: [], totalEvents: 0 };
    const picked: number[] = [];
    for (let j = list.length - 1; j >= 0 && picked.length < cap; j--) picked.push(list.at(j));
    return { version: 1, events: this.records(picked), totalEvents: list.length };
  }

  /** POST /api/admin/events/search (6.x, deprecated): see docs/server-behaviour.md#body-search-6x and search-input.ts. */
  search(input: SearchEvents): Events {
    const s = normalizeSearch(input);
    const { indexes, total } = searchEvents(this.tables(), s);
    return { version: 1, events: this.records(indexes), totalEvents: total };
  }

  private creatorsCache: { size: number; list: EventCreator[] } | undefined;

  /**
   * Every user id that wrote an event, with the name its newest event gives, by id (as GET /event-creators lists
   * them); events without a user id are left out. Cached until the log grows.
   */
  creators(): EventCreator[] {
    if (this.creatorsCache?.size === this.size) return this.creatorsCache.list;
    const names = new Map<number, number>();
    for (let i = this.size - 1; i >= 0; i--) {
      const user = this.userCol.at(i);
      if (!names.has(user)) names.set(user, this.actorCol.at(i));
    }
    const list: EventCreator[] = [];
    for (const [user, actor] of names) {
      const id = this.userIds.value(user);
      if (typeof id === 'number') list.push({ id, name: this.actors.value(actor) ?? String(id) });
    }
    list.sort((a, b) => a.id - b.id);
    this.creatorsCache = { size: this.size, list };
    return list;
  }

  /**
   * GET /api/admin/search/events (docs/server-behaviour.md#query-search): `IS:`/`IS_ANY_OF:` filters, dates, text over data/tags/preData,
   * `total` honouring every filter; each event carries label and summary linking to `unleashUrl`.
   */
  query(params: EventQueryParams, unleashUrl?: string): EventQueryPage {
    const { indexes, total } = searchEventQuery(this.tables(), parseEventQuery(params));
    // label and summary go onto the fresh records (after their own keys, where the server puts them), not into copies
    const events = this.records(indexes).map((event) => Object.assign(event, describeEvent(event, unleashUrl)));
    return { events, total };
  }

  /**
   * The page query() answers, as the UTF-8 JSON text of `{ events, total }` (the HTTP face's text path,
   * event-json.ts): the stored bodies are copied into it as they are, not parsed and serialised again.
   */
  queryJson(params: EventQueryParams, unleashUrl?: string): Buffer {
    const { indexes, total } = searchEventQuery(this.tables(), parseEventQuery(params));
    const page = new EventPageWriter(indexes.length, unleashUrl);
    this.haystack.originalsOf(indexes, (j, bytes, from, to) => page.event(this.scalars(indexes[j] as number), bytes, from, to));
    return page.finish(total);
  }

  /**
   * The page query() answers as its events' JSON texts back to back (the bytes JSON.stringify writes of each, as
   * queryJson's), for an export that writes them as they are: no body is parsed and serialised again, only those a
   * summary reads. `idOf` gives the id each row is written with (a local copy's: the server's).
   */
  queryTexts(params: EventQueryParams, idOf: (index: number) => number = (index) => index + 1): EventTextPage {
    const { indexes, total } = searchEventQuery(this.tables(), parseEventQuery(params));
    const page = new EventPageWriter(indexes.length, undefined, BARE_EVENTS);
    const events: EventTextPage['events'] = new Array(indexes.length);
    this.haystack.originalsOf(indexes, (j, bytes, from, to) => {
      const index = indexes[j] as number;
      const row = this.scalars(index, idOf(index));
      events[j] = { id: row.id, createdAt: row.createdAt };
      page.event(row, bytes, from, to);
    });
    const bytes = page.finish(total);
    return { events, total, bytes, starts: [...page.starts, bytes.length] };
  }

  private tables(): EventTables {
    return {
      size: this.size,
      createdAt: this.createdAt,
      type: { values: this.typeCol, interner: this.types, index: this.byType },
      project: { values: this.projectCol, interner: this.projects, index: this.byProject },
      feature: { values: this.featureCol, interner: this.features, index: this.byFeature },
      environment: { values: this.environmentCol, interner: this.environments },
      createdByUserId: { values: this.userCol, interner: this.userIds },
      haystack: this.haystack,
    };
  }

  /** Bytes held in memory, by part (bench figures: where a million events' memory goes). */
  memoryBytes(): Record<string, number> {
    let strings = 0;
    for (const interner of this.interners()) {
      for (const value of interner.values) strings += typeof value === 'string' ? value.length : 0;
    }
    return {
      columns: this.columns().reduce((sum, column) => sum + column.byteLength, 0),
      positionIndexes: this.positionIndexes().reduce((sum, index) => sum + index.byteLength, 0),
      internedChars: strings,
      ...this.haystack.memoryBytes(),
    };
  }

  toSnapshot(): unknown {
    const data: (string | null)[] = [];
    const preData: (string | null)[] = [];
    const tags: (string | null)[] = [];
    for (const texts of this.haystack.allTexts()) {
      data.push(texts.data);
      preData.push(texts.preData);
      tags.push(texts.tags === EMPTY_TAGS ? null : texts.tags);
    }
    const snapshot: EventLogSnapshot = {
      kind: 'flagdesk-event-log',
      version: 1,
      tables: {
        types: this.types.values.slice(1) as string[],
        actors: this.actors.values.slice(1) as string[],
        userIds: this.userIds.values.slice(1) as number[],
        projects: this.projects.values.slice(1) as string[],
        features: this.features.values.slice(1) as string[],
        environments: this.environments.values.slice(1) as string[],
      },
      rows: {
        createdAt: this.createdAt.toArray(),
        type: this.typeCol.toArray(),
        createdBy: this.actorCol.toArray(),
        createdByUserId: this.userCol.toArray(),
        project: this.projectCol.toArray(),
        featureName: this.featureCol.toArray(),
        environment: this.environmentCol.toArray(),
        data,
        preData,
        tags,
      },
    };
    return snapshot;
  }

  /** Restores a snapshot made by toSnapshot(); throws a ZodError on anything malformed. */
  static fromSnapshot(snapshot: unknown, options?: EventLogOptions): EventLog {
    const { tables, rows } = eventLogSnapshotSchema.parse(snapshot);
    const log = new EventLog(options);
    const pick = <T>(table: T[], id: number): T | null => (id === 0 ? null : (table[id - 1] as T));
    for (let i = 0; i < rows.createdAt.length; i++) {
      log.store(
        {
          type: pick(tables.types, rows.type[i] as number) as string,
          createdBy: pick(tables.actors, rows.createdBy[i] as number) as string,
          createdByUserId: pick(tables.userIds, rows.createdByUserId[i] as number),
          project: pick(tables.projects, rows.project[i] as number),
          featureName: pick(tables.features, rows.featureName[i] as number),
          environment: pick(tables.environments, rows.environment[i] as number),
          dataText: rows.data[i] ?? null,
          preDataText: rows.preData[i] ?? null,
          tagsText: rows.tags[i] ?? null,
        },
        rows.createdAt[i] as number,
      );
    }
    return log;
  }

  private store(row: Row, createdAtMs: number): void {
    const index = this.size;
    const typeId = this.types.id(row.type);
    const projectId = this.projects.id(row.project);
    const featureId = this.features.id(row.featureName);
    this.createdAt.push(createdAtMs);
    this.typeCol.push(typeId);
    this.actorCol.push(this.actors.id(row.createdBy));
    this.userCol.push(this.userIds.id(row.createdByUserId));
    this.projectCol.push(projectId);
    this.featureCol.push(featureId);
    this.environmentCol.push(this.environments.id(row.environment));
    this.byType.add(typeId, index);
    this.byProject.add(projectId, index);
    this.byFeature.add(featureId, index);
    // Also the only copy of the JSON columns. Empty tags are the column default '[]', which the query sees too.
    this.haystack.push(row.type, row.createdBy, { data: row.dataText, preData: row.preDataText, tags: row.tagsText ?? EMPTY_TAGS });
  }

  /** The records of a page of rows, their bodies read together. */
  private records(indexes: readonly number[]): FlagEvent[] {
    const texts = this.haystack.textsOf(indexes);
    return indexes.map((i, j) => this.record(i, texts[j]));
  }

  /** The columns of event `i` that are not JSON bodies. */
  private scalars(i: number, id = i + 1): EventScalars {
    return {
      id,
      type: this.types.value(this.typeCol.at(i)) as string,
      createdBy: this.actors.value(this.actorCol.at(i)) as string,
      createdAt: isoTime(this.createdAt.at(i)),
      createdByUserId: this.userIds.value(this.userCol.at(i)),
      featureName: this.features.value(this.featureCol.at(i)),
      project: this.projects.value(this.projectCol.at(i)),
      environment: this.environments.value(this.environmentCol.at(i)),
    };
  }

  /** The record as 6.10.1 returns it: every key present, in its order, null when absent, tags never null. */
  private record(i: number, texts: ColumnTexts = this.haystack.texts(i)): FlagEvent {
    const { data, preData, tags } = texts;
    // property by property: rest and spread took a local copy's newest 100 from 0.5-0.8 to 1.1-1.4 ms here
    const s = this.scalars(i);
    return {
      id: s.id,
      type: s.type,
      createdBy: s.createdBy,
      createdAt: s.createdAt,
      createdByUserId: s.createdByUserId,
      data: data == null ? null : (JSON.parse(data) as Record<string, unknown>),
      preData: preData == null ? null : (JSON.parse(preData) as Record<string, unknown>),
      tags: tags === null || tags === EMPTY_TAGS ? [] : (JSON.parse(tags) as EventTag[]),
      featureName: s.featureName,
      project: s.project,
      environment: s.environment,
    };
  }
}
