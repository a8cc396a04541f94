import type { ReactElement, ReactNode } from 'react';
import { Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components';
import styles from './tooltip.module.css';

/** A tooltip on hover and keyboard focus. The trigger must be a React Aria Button (or focusable RAC element). */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  return (
    <TooltipTrigger delay={400}>
      {children}
      <AriaTooltip className={styles.tooltip} offset={6}>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
