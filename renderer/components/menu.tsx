import type { ReactNode } from 'react';
import { Button, Menu as AriaMenu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import styles from './menu.module.css';

export interface MenuAction {
  id: string;
  label: string;
  danger?: boolean;
  isDisabled?: boolean;
}

/** A button that opens a list of actions (arrow keys, type-ahead, Escape), e.g. a row's "More actions". */
export function Menu({ label, children, actions, onAction }: { label: string; children: ReactNode; actions: readonly MenuAction[]; onAction: (id: string) => void }) {
  return (
    <MenuTrigger>
      <Button className="button" aria-label={label}>
        {children}
      </Button>
      <Popover className={styles.popover}>
        <AriaMenu className={styles.menu} onAction={(key) => onAction(String(key))} disabledKeys={actions.filter((a) => a.isDisabled).map((a) => a.id)}>
          {actions.map((action) => (
            <MenuItem key={action.id} id={action.id} className={`${styles.item} ${action.danger ? styles.danger : ''}`}>
              {action.label}
            </MenuItem>
          ))}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}
