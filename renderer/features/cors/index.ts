/** Nothing of this area is used elsewhere: the origins notice the event log's restore shows is in components/. */
export {};
