import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lacks CSS.escape, which React Aria uses to find elements by id; a minimal version of the spec's algorithm.
if (typeof globalThis.CSS === 'undefined') (globalThis as { CSS?: unknown }).CSS = {};
if (typeof CSS.escape !== 'function') {
  CSS.escape = (value: string) => value.replace(/([^\w-])/g, '\\$1').replace(/^(\d)/, '\\3$1 ');
}

// Testing Library unmounts after each test only when vitest's globals are on; they are not, so say it here (without
// it every test's DOM stayed in the document for the next one).
afterEach(cleanup);
