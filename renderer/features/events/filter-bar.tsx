import { memo, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Button, Disclosure, DisclosurePanel } from 'react-aria-components';
import { useInstanceQuery } from '../../lib/instance-query';
import { clearDraft, readDraft, saveDraft } from '../../lib/session-draft';
import { instanceQueries, useProjectNames } from '../instance';
import { ActiveFilters } from './active-filters';
import { eventQueries } from './api';
import { filtersFromSearch, filtersToSearch, type EventFilters } from './event-filters';
import { Presets } from './presets';
import { CreatorPicker } from './creator-picker';
import { TextScope } from './text-scope';
import { TypePicker } from './type-picker';
import styles from './events.module.css';

/**
 * The filters, all combinable and all in the URL: several types (grouped, searchable), project, flag, environment,
 * created by (user id), a date range without a one-year cap, free text. One row holds the most used; flag,
 * environment, created by and the saved presets fold under "More filters", and every filter in force shows as a
 * removable chip below. Text is applied after a short pause in typing.
 */
// memo: nothing here changes while the list loads and scrolls
export const FilterBar = memo(function FilterBar({
  filters,
  onChange,
  searchRef,
  profileId,
}: {
  filters: EventFilters;
  onChange(next: EventFilters): void;
  searchRef: RefObject<HTMLInputElement | null>;
  /** Whose saved filter sets to offer (inside "More filters"). */
  profileId: string;
}) {
  const projects = useInstanceQuery(instanceQueries.projects).data ?? [];
  const environments = useInstanceQuery(instanceQueries.environments).data ?? [];
  // Text typed but not yet in the URL outlives a remount (the screen's Retry); once applied, the URL holds it.
  const draftKey = `events.text.${profileId}`;
  const [text, setTextState] = useState(() => {
    const draft = readDraft<unknown>(draftKey);
    return typeof draft === 'string' ? draft : (filters.text ?? '');
  });
  const setText = (next: string) => {
    setTextState(next);
    saveDraft(draftKey, next);
  };
  const [moreOpen, setMoreOpen] = useState(false);
  const latest = useRef(filters);
  useEffect(() => {
    latest.current = filters;
  });

  // the URL changed the text (back/forward, a preset, "Clear filters"): show it
  const [shown, setShown] = useState(filters.text);
  if (shown !== filters.text) {
    setShown(filters.text);
    setTextState(filters.text ?? '');
  }
  useEffect(() => {
    if (text === (latest.current.text ?? '')) return clearDraft(draftKey);
    const timer = setTimeout(() => {
      clearDraft(draftKey);
      onChange({ ...latest.current, text: text || undefined });
    }, 250);
    return () => clearTimeout(timer);
  }, [text, onChange, draftKey]);

  const addType = useCallback(
    (type: string) => {
      if (!latest.current.types.includes(type)) onChange({ ...latest.current, types: [...latest.current.types, type] });
    },
    [onChange],
  );
  const set = (key: keyof Omit<EventFilters, 'types'>, value: string) => onChange({ ...filters, [key]: value || undefined });
  const folded = (['feature', 'environment', 'createdBy'] as const).filter((key) => filters[key]).length;
  const projectName = useProjectNames();
  // the writers' names, for a "created by" chip and the picker under "More filters": asked at once for a chip, else
  // once "More filters" is pointed at, focused or opened. Not with every list: on a server of a million events they
  // are a query of seconds for its database, which the list's next search or a sync then waits behind.
  const [creatorsWanted, setCreatorsWanted] = useState(false);
  const wantCreators = useCallback(() => setCreatorsWanted(true), []);
  const creators = useInstanceQuery((id) => ({ ...eventQueries.creators(id), enabled: creatorsWanted || moreOpen || filters.createdBy !== undefined })).data;
  const creatorName = (id: string) => creators?.find((creator) => String(creator.id) === id)?.name ?? `user id ${id}`;

  return (
    <div className={styles.filterBar} role="search" aria-label="Filter events">
      <div className={styles.filters}>
        <div className={`field ${styles.filterText}`}>
          <label htmlFor="event-text">Search</label>
          <input
            id="event-text"
            ref={searchRef}
            type="search"
            value={text}
            placeholder="Text in the change (press /)"
            aria-describedby={text.trim() !== '' ? 'event-text-scope' : undefined}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <TypePicker onAdd={addType} />
        <div className={`field ${styles.filterProject}`}>
          <label htmlFor="event-project">Project</label>
          <select id="event-project" value={filters.project ?? ''} onChange={(e) => set('project', e.target.value)}>
            <option value="">Any</option>
            {projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </select>
        </div>
        <div className={`field ${styles.filterDate}`}>
          <label htmlFor="event-from">From</label>
          <input id="event-from" type="date" value={filters.from ?? ''} onChange={(e) => set('from', e.target.value)} />
        </div>
        <div className={`field ${styles.filterDate}`}>
          <label htmlFor="event-to">To</label>
          <input id="event-to" type="date" value={filters.to ?? ''} onChange={(e) => set('to', e.target.value)} />
        </div>
        {/* display: contents: the button sits at the row's end, the panel wraps onto a full-width line of its own */}
        <Disclosure className={styles.more} isExpanded={moreOpen} onExpandedChange={setMoreOpen}>
          <Button slot="trigger" className={`button ${styles.moreButton}`} onHoverStart={wantCreators} onFocus={wantCreators}>
            More filters{folded > 0 ? ` (${folded})` : ''} <span aria-hidden="true">{moreOpen ? '▴' : '▾'}</span>
          </Button>
          <DisclosurePanel className={styles.morePanel}>
            <div className={styles.moreFields}>
              <div className="field">
                <label htmlFor="event-flag">Flag</label>
                <input id="event-flag" value={filters.feature ?? ''} onChange={(e) => set('feature', e.target.value.trim())} placeholder="flag name" />
              </div>
              <div className="field">
                <label htmlFor="event-environment">Environment</label>
                <select id="event-environment" value={filters.environment ?? ''} onChange={(e) => set('environment', e.target.value)}>
                  <option value="">Any</option>
                  {environments.map((environment) => (
                    <option key={environment.name} value={environment.name}>
                      {environment.name}
                    </option>
                  ))}
                </select>
              </div>
              {/* only while open: kept mounted (hidden), its combo box built its collection of writers in the frame
                  that painted the list's first rows */}
              {moreOpen && <CreatorPicker value={filters.createdBy} onChange={(id) => set('createdBy', id)} />}
            </div>
            <Presets profileId={profileId} search={filtersToSearch(filters)} onApply={(saved) => onChange(filtersFromSearch(saved))} />
          </DisclosurePanel>
        </Disclosure>
      </div>
      {text.trim() !== '' && (
        <TextScope
          text={text.trim()}
          environments={environments.map((environment) => environment.name)}
          projects={projects}
          onFilter={(key, value) => {
            setText('');
            onChange({ ...latest.current, text: undefined, [key]: value });
          }}
        />
      )}
      <ActiveFilters filters={filters} onChange={onChange} projectName={projectName} creatorName={creatorName} />
    </div>
  );
});
