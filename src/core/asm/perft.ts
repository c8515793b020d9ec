/**
 * Perft's leaf counter in AssemblyScript, compiled to WebAssembly by scripts/build-wasm.mjs
 * and loaded by ../perft-wasm.ts. This stub counts nothing: every call answers -1, so perft
 * counts with the TypeScript generator.
 */

/** Leaves `depth` plies below the position (last ply counted), -1 when depth is out of 1..32.
 *  variant: 0 Armenian, 1 Turkish (VARIANT_NAMES order). s0..s7: the 8 piece words of a core
 *  state in state order (state.ts: 0 White men lo, 1 White men hi, 2 Black men lo, 3 Black men
 *  hi, 4 White kings lo, 5 White kings hi, 6 Black kings lo, 7 Black kings hi), side: state[SIDE]
 *  (0 White, 1 Black). The result is an f64 holding an exact integer. */
export function perft(
  variant: i32,
  depth: i32,
  s0: i32,
  s1: i32,
  s2: i32,
  s3: i32,
  s4: i32,
  s5: i32,
  s6: i32,
  s7: i32,
  side: i32,
): f64 {
  return -1;
}
