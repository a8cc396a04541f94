import { isUrlFriendly } from '../schemas/strategy-type';
import { isDotSegment, PATH_ID_MAX } from '../schemas/path-id';

/**
 * A new strategy type's name, checked as it is typed by the rules Unleash applies to POST /strategies (asked of
 * 6.10.1 and 8.2.0: empty, longer than 100, not URL friendly, `.`/`..` are 400; a taken name, built-in or custom, is
 * 409 "Strategy with name X already exist!"). Null when the server would take it.
 */
export function strategyTypeNameProblem(name: string, taken: readonly string[]): string | null {
  if (name === '') return 'A name is required.';
  if (name.length > PATH_ID_MAX) return `At most ${PATH_ID_MAX} characters: this one has ${name.length}.`;
  if (isDotSegment(name)) return `“${name}” alone is refused: add letters or digits.`;
  if (!isUrlFriendly(name)) {
    const refused = [...new Set([...name].filter((char) => !isUrlFriendly(char)))];
    const shown = refused.map((char) => (char === ' ' ? 'space' : `“${char}”`)).join(', ');
    return `Not URL friendly: ${shown}. Use letters, digits and - _ . ~ ! * ' ( ) only.`;
  }
  if (taken.includes(name)) return `A strategy type named “${name}” already exists.`;
  return null;
}
