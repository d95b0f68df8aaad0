import fs from "node:fs";
import path from "node:path";

// The in-page half of the audio bridge (page/bridge.js) as an init script. It is a plain JavaScript
// file, not TypeScript compiled at run time: Chromium runs it as it is, and no bundler or test
// runner can rewrite a function we would otherwise serialise.
const PAGE_DIR = path.join(import.meta.dirname, "page");

export interface PageBridgeConfig {
  /** Name of the Playwright binding the page calls with (type, payload). */
  binding: string;
  /** Capture frame length: 20 ms (320 samples at 16 kHz) by default. */
  frameMs: number;
  /** Remote tracks of RTCPeerConnections, MediaStreams played by media elements, or both. */
  capture: "peer" | "element" | "both";
}

let source: string | null = null;

export function bridgeInitScript(config: PageBridgeConfig): string {
  source ??= fs.readFileSync(path.join(PAGE_DIR, "bridge.js"), "utf8");
  return `(() => {\n${source}\ncohostAudioBridge(${JSON.stringify(config)});\n})();`;
}
