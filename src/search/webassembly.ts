/**
 * Instantiates the project's WebAssembly modules (perft's leaf counter, the search's module),
 * compiled from the AssemblyScript of src/wasm/ by scripts/build-wasm.mjs into base64
 * constants. Synchronous, so that it works in Node, in worker threads and in browsers alike
 * (a browser's main thread may refuse to compile a large module this way: the error says so).
 */

/** The part of the WebAssembly API used here (typed here: Node's types leave it out). */
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}

/** Each module compiled so far in this thread, by its base64 bytes: compiled once, instantiated often. */
const compiled = new Map<string, object>();

/** The module's bytes, from base64 (atob is in Node 16+ and every browser). */
function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Compiles and instantiates one of the project's WebAssembly modules (AssemblyScript, stub
 * runtime) from its base64 bytes, synchronously: its exports, or an Error saying why not.
 * `name` names the module in the error a trap raises; `imports` are the functions it calls
 * and, for a module that imports its memory, `memory`.
 */
export function instantiateWebAssembly(
  base64: string,
  name: string,
  imports: Record<string, ((...args: number[]) => number | void) | object> = {},
): Record<string, unknown> | Error {
  try {
    const api = (globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly;
    if (api === undefined) return new Error('this JavaScript engine has no WebAssembly');
    let module = compiled.get(base64);
    if (module === undefined) {
      module = new api.Module(decodeBase64(base64));
      compiled.set(base64, module);
    }
    // The stub runtime's only import: called on a failed assertion or a trap it raises.
    const abort = (): never => {
      throw new Error(`${name} WebAssembly aborted`);
    };
    return new api.Instance(module, { env: { ...imports, abort } }).exports;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
