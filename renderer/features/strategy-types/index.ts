/** Nothing of this area is used elsewhere: its reads live in features/instance, its change review in components/. */
export {};
