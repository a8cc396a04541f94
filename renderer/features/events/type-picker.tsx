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
 * "Add a type": the seed's ~180 event types, grouped and searchable. Each pick is added as a filter and the field
 * starts over, closed (its list would cover the first rows), with focus kept for the next type; Enter on a type
 * typed in full adds it as a pick would. Memoised on its one callback: rebuilding the picker's collection cost
 * ~15 ms on every filter change, in front of the query for the new filter.
 */
export const TypePicker = memo(function TypePicker({ onAdd }: { onAdd(type: string): void }) {
  const [input, setInput] = useState('');
  // a new field after each pick: the ComboBox keeps its list open while its (always empty) selection does not
  // change, so the closed, empty field is a fresh one; it opens on typing, not on the focus it gets back
  const [round, setRound] = useState(0);
  // the ComboBox answers both Enter and leaving the field with "no pick": only Enter adds the typed type
  const enter = useRef(false);
  const added = (type: string) => {
    onAdd(type);
    setInput('');
    setRound((n) => n + 1);
  };
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
        key={round}
        className={styles.filterType}
        label="Add a type"
        groups={TYPE_GROUPS}
        selectedKey={null}
        inputValue={input}
        onInputChange={setInput}
        menuTrigger={round === 0 ? 'focus' : 'input'}
        autoFocus={round > 0}
        onSelectionChange={(type) => {
          const typed = type === null && enter.current ? exactEventType(input) : undefined;
          if (type !== null || typed !== undefined) added((type ?? typed) as string);
          else if (!enter.current) setInput(''); // leaving the field drops an unfinished text; Enter keeps it
        }}
        placeholder="segment-updated…"
      />
    </div>
  );
});
