/** What other features may use of this area (nothing yet). */
export {};
