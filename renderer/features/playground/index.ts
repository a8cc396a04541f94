/** What other features may use of the playground: the segment tester (the segment editor embeds it). */
export { SegmentTester, type SegmentTesterProps } from './segment-tester';
