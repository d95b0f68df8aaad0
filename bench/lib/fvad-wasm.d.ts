// The part of @echogarden/fvad-wasm (untyped: libfvad compiled by Emscripten) that bench/vad.ts uses.
declare module "@echogarden/fvad-wasm" {
  interface FvadModule {
    HEAP16: Int16Array;
    _fvad_new(): number;
    _fvad_free(instance: number): void;
    /** 0 on success; modes 0 (least aggressive) to 3. */
    _fvad_set_mode(instance: number, mode: number): number;
    _fvad_set_sample_rate(instance: number, rate: number): number;
    /** 1 speech, 0 not, −1 error; `frame` points at `length` int16 samples (10, 20 or 30 ms). */
    _fvad_process(instance: number, frame: number, length: number): number;
    _malloc(bytes: number): number;
    _free(pointer: number): void;
  }
  const load: () => Promise<FvadModule>;
  export default load;
}
