// jsdom lacks CSS.escape, which React Aria uses to find elements by id; a minimal version of the spec's algorithm.
if (typeof globalThis.CSS === 'undefined') (globalThis as { CSS?: unknown }).CSS = {};
if (typeof CSS.escape !== 'function') {
  CSS.escape = (value: string) => value.replace(/([^\w-])/g, '\\$1').replace(/^(\d)/, '\\3$1 ');
}
