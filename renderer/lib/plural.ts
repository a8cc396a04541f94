/** "1 segment", "3 segments", "2 entries" (`many` for a plural not made with -s). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
