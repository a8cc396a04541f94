import { deflateRawSync } from 'node:zlib';

/** Answers longer than this go deflated (bridge-script.ts inflates them). */
const DEFLATE_FROM = 16 * 1024;
/** Marks a deflated answer: JSON text never starts with it. */
export const DEFLATED = 'z:';

/**
 * An IPC answer as the text the page's bridge receives. The text crosses the DevTools protocol, whose delivery held
 * the page's main thread ~10 ms for 100 KB (a page of 200 event rows, in a Chromium trace of the scroll bench), where
 * Electron's IPC hands over a structured clone: a scroll step that met a page's arrival measured the harness, not the
 * app. Deflated and in base64, a page of rows is a fifth or less of that text, and the page inflates it
 * (DecompressionStream) in under a millisecond.
 */
export function answerText(answer: unknown): string {
  const json = JSON.stringify(answer);
  if (json.length < DEFLATE_FROM) return json;
  return DEFLATED + deflateRawSync(json, { level: 1 }).toString('base64');
}
