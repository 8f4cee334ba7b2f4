/** The most calls one tRPC HTTP batch may carry: the server refuses more, the web sends fewer. */
export const TRPC_MAX_BATCH_SIZE = 50;
