// The part of @echogarden/espeak-ng-emscripten (untyped) that make-speech-fixtures.ts uses.
declare module "@echogarden/espeak-ng-emscripten" {
  interface ESpeakNGWorker {
    set_voice(voice: string): void;
    /** Calls back with 22.05 kHz PCM chunks as they are synthesised. */
    synthesize(text: string, onChunk: (samples: Int16Array | null, events: unknown[]) => void): void;
  }
  interface ESpeakNGModule {
    eSpeakNGWorker: new () => ESpeakNGWorker;
  }
  const init: () => Promise<ESpeakNGModule>;
  export default init;
}
