import type { CompareItem, CompareResult, ItemRef } from '../../../shared/schemas';
import { itemKey } from './compare-url';

/** What a promotion left -> right can carry: what differs and what only the left has (it never deletes on the right). */
export function promotable(item: Pick<CompareItem, 'status'>): boolean {
  return item.status === 'differs' || item.status === 'only-left';
}

/** Every promotable item of a result, by key. */
export function promotableKeys(result: CompareResult, kind?: CompareItem['kind']): string[] {
  return result.kinds
    .filter((entry) => kind === undefined || entry.kind === kind)
    .flatMap((entry) => entry.items.filter(promotable).map((item) => itemKey(item.kind, item.name)));
}

/** The selected keys that the result holds, in its order, as the plan wants them (it leaves what needs nothing, and says so). */
export function selectedRefs(result: CompareResult, selected: ReadonlySet<string>): ItemRef[] {
  return result.kinds.flatMap((entry) =>
    entry.items.filter((item) => selected.has(itemKey(item.kind, item.name))).map((item) => ({ kind: item.kind, name: item.name })),
  );
}
