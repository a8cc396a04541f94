import { memo, useRef, useState } from 'react';
import { EVENT_TYPES } from '../../../shared/domain/event-types';
import { ComboBox } from '../../components/combo-box';
import { groupEventTypes } from './event-filters';
import styles from './events.module.css';

const TYPE_GROUPS = groupEventTypes(EVENT_TYPES).map(({ group, types }) => ({
  title: group,
  options: types.map((type) => ({ id: type, label: type })),
}));

/** The known type a typed text names exactly (any case), if any. */
export function exactEventType(text: string): string | undefined {
  const wanted = text.trim().toLowerCase();
  return wanted === '' ? undefined : EVENT_TYPES.find((type) => type.toLowerCase() === wanted);
}

/**
 * "Add a type": the seed's ~180 event types, grouped and searchable. A pick closes the list (it would cover the
 * first rows); Enter on a type typed in full adds it, as a pick would. Memoised on its one callback: rebuilding the
 * picker's collection cost ~15 ms on every filter change, in front of the query for the new filter.
 */
export const TypePicker = memo(function TypePicker({ onAdd }: { onAdd(type: string): void }) {
  const [input, setInput] = useState('');
  // the ComboBox answers both Enter and leaving the field with "no pick": only Enter adds the typed type
  const enter = useRef(false);
  return (
    <div
      className={styles.typePicker}
      onKeyDownCapture={(event) => {
        enter.current = event.key === 'Enter';
      }}
      onBlurCapture={() => {
        enter.current = false;
      }}
    >
      <ComboBox
        className={styles.filterType}
        label="Add a type"
        groups={TYPE_GROUPS}
        selectedKey={null}
        inputValue={input}
        onInputChange={setInput}
        closesOnPick
        onSelectionChange={(type) => {
          const typed = type === null && enter.current ? exactEventType(input) : undefined;
          if (type === null && enter.current && input !== '' && typed === undefined) return; // an unknown text stays, to be corrected
          if (type ?? typed) onAdd((type ?? typed) as string);
          setInput('');
        }}
        placeholder="segment-updated…"
      />
    </div>
  );
});
