/** The bench's fixed settings, apart from its positions and search so the CLI can show them cheaply. */
export const BENCH_DEPTH = 6;
export const BENCH_HASH_MB = 16;
