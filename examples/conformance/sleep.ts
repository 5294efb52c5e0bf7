/** The pause between a fixture's steps, so a client sees its notifications arrive apart. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
