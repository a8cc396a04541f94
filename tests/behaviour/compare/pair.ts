import type { FixturedBackend } from '../../../electron/backend/instance-fixtures';
import type { ProtectionLevel } from '../../../shared/domain/protection';
import type { CompareSide, PromoteProgress } from '../../../shared/schemas';
import { createCompareService, type CompareService, type SideOpener } from '../../../electron/compare/compare-service';
import type { BundleFile } from '../../../shared/schemas';

/** Two servers (left, right) as the compare service sees them, with the right's protection level settable. */
export interface Pair {
  left: FixturedBackend;
  right: FixturedBackend;
  leftMajor: number;
  rightMajor: number;
  close(): Promise<void>;
}

export interface PairHarness {
  service: CompareService;
  progress: PromoteProgress[];
  setRightProtection(level: ProtectionLevel): void;
  /** Bundles the tests hand in as a side (the window's shelf, without a file dialog). */
  bundles: Map<string, BundleFile>;
}

export const LEFT: CompareSide = { type: 'profile', profileId: 'left' };
export const RIGHT: CompareSide = { type: 'profile', profileId: 'right' };

export function harness(pair: Pair): PairHarness {
  let protection: ProtectionLevel = 'none';
  const progress: PromoteProgress[] = [];
  const bundles = new Map<string, BundleFile>();
  const opener: SideOpener = {
    async open(side) {
      if (side.type === 'bundle') {
        const bundle = bundles.get(side.bundleId);
        if (!bundle) throw new Error(`no bundle ${side.bundleId}`);
        return { info: { type: 'bundle', kind: 'bundle', label: side.bundleId }, content: bundle.content, release: async () => undefined };
      }
      const isLeft = side.profileId === 'left';
      return {
        info: {
          type: 'profile',
          kind: 'remote',
          label: isLeft ? 'Left' : 'Right',
          profileId: side.profileId,
          protection: isLeft ? 'none' : protection,
        },
        backend: isLeft ? pair.left : pair.right,
        release: async () => undefined,
      };
    },
  };
  return {
    service: createCompareService({ opener, progress: (event) => progress.push(event) }),
    progress,
    setRightProtection: (level) => {
      protection = level;
    },
    bundles,
  };
}
