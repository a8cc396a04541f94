/** Nothing of this area is used elsewhere: the segment tester it grew is the segment editor's (features/segments). */
export {};
