import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SectionIcon } from './section-icons';
import { SECTIONS } from './sections';

describe('the navigation icons', () => {
  // below 900 px the bar shows only icons: a section without one is an empty square there
  it('draws one for every section, each different', () => {
    const drawn = SECTIONS.map(({ path }) => {
      const { container, unmount } = render(<SectionIcon path={path} />);
      const inner = container.querySelector('svg')?.innerHTML ?? '';
      unmount();
      expect(inner, path).not.toBe('');
      return inner;
    });
    expect(new Set(drawn).size).toBe(SECTIONS.length);
  });
});
