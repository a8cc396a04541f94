import { useContext, useLayoutEffect, useRef, type ContextType, type Key, type ReactNode } from 'react';
import {
  Button,
  ComboBox as AriaComboBox,
  ComboBoxStateContext,
  FieldError,
  Header,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
  Text,
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

interface Props {
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
  /**
   * A picker that adds each pick elsewhere (selectedKey stays null): after a pick the list closes and the field
   * empties. Without it the list stays open over what lies below, since the selection it shows never changes.
   */
  closesOnPick?: boolean;
}

type ComboState = NonNullable<ContextType<typeof ComboBoxStateContext>>;

/** Hands the ComboBox's state to its parent component (it lives in React Aria's context, inside the ComboBox). */
function StateHandle({ intoRef }: { intoRef: { current: ComboState | null } }) {
  const state = useContext(ComboBoxStateContext);
  useLayoutEffect(() => {
    intoRef.current = state;
  });
  return null;
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
export function ComboBox(props: Props) {
  const { label, options = [], groups, error, hint, placeholder, className, closesOnPick = false } = props;
  const state = useRef<ComboState | null>(null);
  return (
    <AriaComboBox
      className={`${styles.field} ${className ?? ''}`}
      selectedKey={props.selectedKey}
      onSelectionChange={(key: Key | null) => {
        props.onSelectionChange(key === null ? null : String(key));
        // revert() closes the list and takes the field back to the (empty) selection, and marks that as the
        // field's last text, so emptying it does not reopen the list
        if (closesOnPick && key !== null) state.current?.revert();
      }}
      allowsCustomValue={props.allowsCustomValue}
      {...(props.inputValue !== undefined ? { inputValue: props.inputValue } : {})}
      onInputChange={props.onInputChange}
      isInvalid={error !== undefined}
      isDisabled={props.isDisabled}
      menuTrigger="focus"
    >
      {closesOnPick && <StateHandle intoRef={state} />}
      <Label className={styles.label}>{label}</Label>
      <div className={styles.control}>
        <Input className={styles.input} placeholder={placeholder} />
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
