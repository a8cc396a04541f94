import { useState, type Key, type ReactNode } from 'react';
import {
  Button,
  ComboBox as AriaComboBox,
  FieldError,
  Header,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
  Text,
  useFilter,
} from 'react-aria-components';
import styles from './combo-box.module.css';

export interface ComboOption {
  id: string;
  label: string;
  description?: string;
}

export interface ComboGroup {
  title: string;
  options: readonly ComboOption[];
}

export interface ComboBoxProps {
  label: string;
  /** Options, flat or in titled groups. */
  options?: readonly ComboOption[];
  groups?: readonly ComboGroup[];
  selectedKey: string | null;
  onSelectionChange: (key: string | null) => void;
  /** Free text beside the options (e.g. a context field the instance does not list). */
  allowsCustomValue?: boolean;
  inputValue?: string;
  onInputChange?: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  placeholder?: string;
  isDisabled?: boolean;
  className?: string;
  /** When the list opens: on focus (the default), or only on typing, arrow keys and the button. */
  menuTrigger?: 'focus' | 'input';
  /** Focus the input when it mounts. */
  autoFocus?: boolean;
}

function Item({ option }: { option: ComboOption }) {
  return (
    <ListBoxItem id={option.id} textValue={option.label} className={styles.item}>
      <span>{option.label}</span>
      {option.description && <span className={styles.description}>{option.description}</span>}
    </ListBoxItem>
  );
}

/** A labelled combobox (type to filter, arrows to choose) with the error and hint tied to it. */
export function ComboBox(props: ComboBoxProps) {
  const { label, options = [], error, hint, placeholder, className } = props;
  const { contains } = useFilter({ sensitivity: 'base' });
  const [ownText, setOwnText] = useState('');
  const text = props.inputValue ?? ownText;
  // Grouped options are filtered here, not by React Aria: its own filter copies each section into a plain object
  // with its own `childNodes`, and React's development build, diffing the props that hold the old and the new
  // section, reads `childNodes` off the old one, whose getter throws; the commit breaks off and the page freezes.
  // Handing the ComboBox `items` turns its filter off.
  const groups = props.groups
    ?.map((group) => ({ ...group, options: group.options.filter((option) => contains(option.label, text)) }))
    .filter((group) => group.options.length > 0);
  return (
    <AriaComboBox
      className={`${styles.field} ${className ?? ''}`}
      selectedKey={props.selectedKey}
      onSelectionChange={(key: Key | null) => props.onSelectionChange(key === null ? null : String(key))}
      allowsCustomValue={props.allowsCustomValue}
      {...(props.inputValue !== undefined ? { inputValue: props.inputValue } : {})}
      {...(groups ? { items: groups.map((group) => ({ id: group.title })) } : {})}
      onInputChange={(value) => {
        setOwnText(value);
        props.onInputChange?.(value);
      }}
      isInvalid={error !== undefined}
      isDisabled={props.isDisabled}
      menuTrigger={props.menuTrigger ?? 'focus'}
    >
      <Label className={styles.label}>{label}</Label>
      <div className={styles.control}>
        <Input className={styles.input} placeholder={placeholder} autoFocus={props.autoFocus} />
        <Button className={styles.trigger} aria-label={`Show ${label.toLowerCase()} choices`}>
          ▾
        </Button>
      </div>
      {hint && !error && (
        <Text slot="description" className={styles.hint}>
          {hint}
        </Text>
      )}
      <FieldError className={styles.error}>{error}</FieldError>
      <Popover className={styles.popover}>
        <ListBox className={styles.list} renderEmptyState={() => <div className={styles.empty}>No match</div>}>
          {groups
            ? groups.map((group) => (
                <ListBoxSection key={group.title} id={group.title}>
                  <Header className={styles.header}>{group.title}</Header>
                  {group.options.map((option) => (
                    <Item key={option.id} option={option} />
                  ))}
                </ListBoxSection>
              ))
            : options.map((option) => <Item key={option.id} option={option} />)}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}
