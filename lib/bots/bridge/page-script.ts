import path from "node:path";
import { assemblePageScript } from "./assemble-page-script.ts";

// The in-page half of the audio bridge (page/bridge.js and the modules it imports) as an init
// script. The modules are plain JavaScript, not TypeScript compiled at run time: Chromium runs them
// as they are, and no bundler or test runner can rewrite code we hand to a page. They are read from
// beside this file (the worker runs from the sources, in the Docker image too) and joined once.
const PAGE_DIR = path.join(import.meta.dirname, "page");

export interface PageBridgeConfig {
  /** Name of the Playwright binding the page calls with (type, payload). */
  binding: string;
  /** Capture frame length: 20 ms (320 samples at 16 kHz) by default. */
  frameMs: number;
  /**
   * Remote tracks of RTCPeerConnections, MediaStreams played by media elements, or both; or
   * "main-audio": the remote track of a stream named mainAudio (Teams), all remote tracks after
   * mainAudioFallbackMs without one.
   */
  capture: "peer" | "element" | "both" | "main-audio";
  mainAudioFallbackMs?: number;
}

let source: string | null = null;

export function bridgeInitScript(config: PageBridgeConfig): string {
  source ??= assemblePageScript(PAGE_DIR, "bridge.js");
  return `(() => {\n${source}\ncohostAudioBridge(${JSON.stringify(config)});\n})();`;
}
