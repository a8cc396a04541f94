import { useMemo } from 'react';
import { ComboBox } from '../../components/combo-box';
import { useInstanceQuery } from '../../lib/instance-query';
import { eventQueries } from './api';

/**
 * "Created by": the server filters by user id, which no admin knows by heart; this offers the instance's event
 * writers by name (GET /event-creators, or the local copy's). Where that list cannot be read, a plain id field.
 */
export function CreatorPicker({ value, onChange }: { value: string | undefined; onChange(id: string): void }) {
  const creators = useInstanceQuery(eventQueries.creators);
  const options = useMemo(
    () => (creators.data ?? []).map((creator) => ({ id: String(creator.id), label: creator.name, description: `user id ${creator.id}` })),
    [creators.data],
  );
  if (creators.isError || (creators.data && options.length === 0)) {
    return (
      <div className="field">
        <label htmlFor="event-created-by">Created by (user id)</label>
        <input id="event-created-by" inputMode="numeric" value={value ?? ''} onChange={(e) => onChange(e.target.value.replace(/[^\d-]/g, ''))} placeholder="-42 = admin token" />
      </div>
    );
  }
  // a value the list does not hold (an old link, a writer since removed) stays chosen and shows as its id
  const known = value === undefined || options.some((option) => option.id === value);
  return (
    <ComboBox
      label="Created by"
      options={known ? options : [...options, { id: value, label: `user id ${value}` }]}
      selectedKey={value ?? null}
      onSelectionChange={(id) => onChange(id ?? '')}
      placeholder={creators.isPending ? 'Loading…' : 'Anyone'}
      isDisabled={creators.isPending}
    />
  );
}
