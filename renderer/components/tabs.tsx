import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';
import styles from './tabs.module.css';

export interface TabSpec {
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

/** Tabs with arrow-key movement; the selected tab is controlled so a screen can keep it in its URL. */
export function Tabs({ label, tabs, selected, onSelect }: { label: string; tabs: readonly TabSpec[]; selected: string; onSelect: (id: string) => void }) {
  return (
    <AriaTabs selectedKey={selected} onSelectionChange={(key) => onSelect(String(key))} className={styles.tabs}>
      <TabList aria-label={label} className={styles.list}>
        {tabs.map((tab) => (
          <Tab key={tab.id} id={tab.id} className={styles.tab}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} className={styles.panel}>
          {tab.panel}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
