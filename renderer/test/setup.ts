import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lacks CSS.escape, which React Aria uses to find elements by id; a minimal version of the spec's algorithm.
if (typeof globalThis.CSS === 'undefined') (globalThis as { CSS?: unknown }).CSS = {};
if (typeof CSS.escape !== 'function') {
  CSS.escape = (value: string) => value.replace(/([^\w-])/g, '\\$1').replace(/^(\d)/, '\\3$1 ');
}

// Testing Library unmounts after each test only when vitest's globals are on; they are not, so say it here (without
// it every test's DOM stayed in the document for the next one).
afterEach(cleanup);

// Screens load lazily (React.lazy): on a busy 2-core machine the first render of a screen can take longer than
// Testing Library's 1 s default for findBy*/waitFor, which failed tests that pass alone. A wait that succeeds returns
// as soon as the element is there, so a longer ceiling slows only a test that would fail anyway.
configure({ asyncUtilTimeout: 5_000 });
