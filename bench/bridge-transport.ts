// The audio bridge's page ↔ Node transport, and the bridge itself (docs/bots.md).
// 1. Transports on the same synthetic load: TRACKS remote voices of 20 ms int16 frames at 16 kHz from
//    the page, and 20 ms chunks of 24 kHz speech from Node, for SECONDS each:
//    - Playwright's exposeBinding (Node → page by page.evaluate),
//    - the same made directly over CDP (Runtime.addBinding / Runtime.evaluate, base64 strings),
//    - a localhost WebSocket (binary),
//    with one-way latency p50/p95 each way, CPU of Node and of Chromium per second of call, whether
//    each works under a strict page CSP, and from a public page (as meeting sites are) to a local
//    socket under Chromium's Local Network Access rules.
// 2. The real bridge (lib/bots/bridge) on a loopback call: TRACKS remote voices captured while the
//    bot speaks, CPU per second of call, and how long clear() takes to be applied in the page.
//   node bench/bridge-transport.ts            (BENCH_TRACKS=3 BENCH_SECONDS=10 change the load)
import http from "node:http";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { chromium, type Browser, type Page } from "playwright-core";
import { WebSocketServer } from "ws";
import { findChromium } from "../lib/browser/chromium.ts";
import { BOT_CHROMIUM_FLAGS, BOT_CONTEXT_OPTIONS } from "../lib/bots/browser.ts";
import { createAudioBridge } from "../lib/bots/bridge/create-audio-bridge.ts";
import { startLoopbackPage } from "../test/bots/loopback-page.ts";

const TRACKS = Number(process.env.BENCH_TRACKS || 3);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CLK_TCK = 100;

const PAGE = `<!doctype html><meta charset="utf-8"><title>bench</title><script src="/bench.js"></script>`;
// The page side of both transports: a 20 ms timer sends TRACKS frames (8-byte send time + 640 bytes
// of PCM); chunks from Node carry their send time, and the page keeps each arrival delay.
const SCRIPT = `
const now = () => performance.timeOrigin + performance.now();
window.received = [];
function frame(track) {
  const buf = new ArrayBuffer(8 + 640);
  new DataView(buf).setFloat64(0, now());
  new Int16Array(buf, 8).fill(track * 100);
  return buf;
}
window.startBinding = (tracks) => {
  window.timer = setInterval(() => { for (let t = 0; t < tracks; t++) window.__benchSend(t, new Uint8Array(frame(t))); }, 20);
};
const b64 = (buf) => { const u = new Uint8Array(buf); return u.toBase64 ? u.toBase64() : btoa(String.fromCharCode.apply(null, u)); };
window.startRaw = (tracks) => {
  window.timer = setInterval(() => { for (let t = 0; t < tracks; t++) window.__benchRaw(b64(frame(t))); }, 20);
};
window.onRawChunk = (text) => { const bin = atob(text); const u = new Uint8Array(bin.length); for (let i = 0; i < u.length; i++) u[i] = bin.charCodeAt(i); window.onChunk(u); };
window.onChunk = (bytes) => { window.received.push(now() - new DataView(bytes.buffer, bytes.byteOffset).getFloat64(0)); };
window.startSocket = (url, tracks) => new Promise((resolve, reject) => {
  const ws = new WebSocket(url);
  ws.binaryType = "arraybuffer";
  ws.onopen = () => {
    window.timer = setInterval(() => { for (let t = 0; t < tracks; t++) ws.send(frame(t)); }, 20);
    resolve("open");
  };
  ws.onerror = () => reject(new Error("blocked"));
  ws.onmessage = (e) => window.onChunk(new Uint8Array(e.data));
});
window.stop = () => clearInterval(window.timer);
`;

function serve(csp: string | null): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    if (csp) res.setHeader("content-security-policy", csp);
    res.setHeader("content-type", req.url === "/bench.js" ? "text/javascript" : "text/html");
    res.end(req.url === "/bench.js" ? SCRIPT : PAGE);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() })),
  );
}

/** CPU seconds of every process below ours (the Chromium processes), from /proc. */
function chromiumCpuSeconds(): number {
  const parents = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d)).map(Number)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parents.set(pid, Number(fields[1]));
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // the process ended
    }
  }
  const isOurs = (pid: number): boolean => {
    for (let p = parents.get(pid); p; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, t] of ticks) if (isOurs(pid)) total += t;
  return total / CLK_TCK;
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 100) / 100;
};

async function measure(page: Page, start: () => Promise<void>, sendChunk: (bytes: Uint8Array) => void, upDelays: number[]) {
  const chunk = new Uint8Array(8 + 960); // 20 ms of 24 kHz int16 plus the send time
  await start();
  await new Promise((r) => setTimeout(r, 1000)); // warm-up
  upDelays.length = 0;
  await page.evaluate(() => ((window as any).received = []));
  const cpu0 = process.cpuUsage();
  const chrome0 = chromiumCpuSeconds();
  const t0 = performance.now();
  const timer = setInterval(() => {
    new DataView(chunk.buffer).setFloat64(0, performance.timeOrigin + performance.now());
    sendChunk(chunk);
  }, 20);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  clearInterval(timer);
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const chrome = chromiumCpuSeconds() - chrome0;
  await page.evaluate(() => (window as any).stop());
  const down = await page.evaluate(() => (window as any).received as number[]);
  return {
    framesUp: upDelays.length,
    pageToNodeMs: { p50: pct(upDelays, 50), p95: pct(upDelays, 95) },
    chunksDown: down.length,
    nodeToPageMs: { p50: pct(down, 50), p95: pct(down, 95) },
    nodeCpuPerCallSecondMs: Math.round(((cpu.user + cpu.system) / 1000 / elapsed) * 10) / 10,
    chromiumCpuPerCallSecondMs: Math.round((chrome * 1000 * 10) / elapsed) / 10,
  };
}

async function bindingRun(browser: Browser, url: string, bypassCSP: boolean) {
  const context = await browser.newContext({ bypassCSP });
  const up: number[] = [];
  await context.exposeBinding("__benchSend", (_source, _track: number, bytes: Uint8Array) => {
    up.push(performance.timeOrigin + performance.now() - new DataView(bytes.buffer, bytes.byteOffset).getFloat64(0));
  });
  const page = await context.newPage();
  await page.goto(url);
  const result = await measure(
    page,
    () => page.evaluate((n) => (window as any).startBinding(n), TRACKS),
    (bytes) => void page.evaluate((b) => (window as any).onChunk(b), bytes).catch(() => {}),
    up,
  );
  await context.close();
  return result;
}

/** The same binding made directly over CDP (Runtime.addBinding): strings one way, no reply. */
async function rawBindingRun(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const up: number[] = [];
  await cdp.send("Runtime.enable");
  await cdp.send("Runtime.addBinding", { name: "__benchRaw" });
  cdp.on("Runtime.bindingCalled", ({ payload }) => {
    up.push(performance.timeOrigin + performance.now() - Buffer.from(payload, "base64").readDoubleBE(0));
  });
  await page.goto(url);
  const result = await measure(
    page,
    () => page.evaluate((n) => (window as any).startRaw(n), TRACKS),
    (bytes) => void cdp.send("Runtime.evaluate", { expression: `onRawChunk("${Buffer.from(bytes).toString("base64")}")` }).catch(() => {}),
    up,
  );
  await context.close();
  return result;
}

async function socketRun(browser: Browser, url: string, bypassCSP: boolean, given?: import("playwright-core").BrowserContext) {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise((r) => wss.once("listening", r));
  const up: number[] = [];
  let client: import("ws").WebSocket | null = null;
  wss.on("connection", (ws) => {
    client = ws;
    ws.on("message", (data: Buffer) => up.push(performance.timeOrigin + performance.now() - data.readDoubleBE(0)));
  });
  const context = given ?? (await browser.newContext({ bypassCSP }));
  const page = await context.newPage();
  await page.goto(url);
  const wsUrl = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  try {
    return await measure(
      page,
      () => page.evaluate(([u, n]) => (window as any).startSocket(u, n), [wsUrl, TRACKS] as const),
      (bytes) => client?.send(Buffer.from(bytes)),
      up,
    );
  } catch (err) {
    return { error: (err as Error).message.split("\n")[0] };
  } finally {
    await context.close();
    wss.close();
  }
}

/** Can a page the browser counts as public (as meeting sites are) reach a WebSocket on 127.0.0.1? */
async function fromPublicPage(grant: boolean): Promise<"works" | "blocked"> {
  const site = await serve(null);
  const port = new URL(site.url).port;
  const publicBrowser = await chromium.launch({
    executablePath: findChromium().path,
    args: [...BOT_CHROMIUM_FLAGS, `--ip-address-space-overrides=127.0.0.1:${port}=public`],
  });
  try {
    const context = await publicBrowser.newContext({ bypassCSP: true, permissions: grant ? ["local-network-access"] : [] });
    const result = await socketRun(publicBrowser, site.url, true, context);
    return "error" in result ? "blocked" : "works";
  } finally {
    await publicBrowser.close();
    site.close();
  }
}

/** The real bridge: TRACKS voices in, the bot speaking out, then CLEARS barge-ins. */
async function bridgeRun(browser: Browser) {
  const site = await startLoopbackPage();
  const context = await browser.newContext(BOT_CONTEXT_OPTIONS);
  const page = await context.newPage();
  const bridge = await createAudioBridge(page);
  let frames = 0;
  bridge.onFrame(() => frames++);
  await page.goto(site.url);
  for (let t = 0; t < TRACKS; t++) await page.evaluate((hz) => (window as any).person(hz), 300 + 100 * t);
  await page.evaluate(() => (window as any).botMic());
  const speech = new Int16Array(480).map((_, i) => Math.round(8000 * Math.sin(i / 4)));
  await new Promise((r) => setTimeout(r, 1000));
  frames = 0;
  const cpu0 = process.cpuUsage();
  const chrome0 = chromiumCpuSeconds();
  const t0 = performance.now();
  const timer = setInterval(() => bridge.play(speech, 24_000), 20);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  clearInterval(timer);
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const chrome = chromiumCpuSeconds() - chrome0;
  const clears: number[] = [];
  for (let i = 0; i < 20; i++) {
    bridge.play(new Int16Array(24_000), 24_000);
    await bridge.sync();
    const start = performance.now();
    bridge.clear();
    await bridge.sync();
    clears.push(performance.now() - start);
  }
  await bridge.close();
  await context.close();
  await site.close();
  return {
    voices: TRACKS,
    framesPerSecond: Math.round(frames / elapsed),
    nodeCpuPerCallSecondMs: Math.round(((cpu.user + cpu.system) / 1000 / elapsed) * 10) / 10,
    chromiumCpuPerCallSecondMs: Math.round((chrome * 1000 * 10) / elapsed) / 10,
    // Node's clear() until the page has stopped every buffer (then a 5 ms fade in the page).
    clearAppliedMs: { p50: pct(clears, 50), p95: pct(clears, 95) },
  };
}

const browser = await chromium.launch({ executablePath: findChromium().path, args: BOT_CHROMIUM_FLAGS });
const open = await serve(null);
const strict = await serve("default-src 'self'; script-src 'self'; connect-src 'self'");
try {
  const cdpBinding = await bindingRun(browser, open.url, false);
  const cdpRawBinding = await rawBindingRun(browser, open.url);
  const webSocket = await socketRun(browser, open.url, false);
  const strictCsp = {
    cdpBinding: "error" in (await bindingRun(browser, strict.url, false).catch((e: Error) => ({ error: e.message }))) ? "blocked" : "works",
    webSocket: "error" in (await socketRun(browser, strict.url, false)) ? "blocked" : "works",
    webSocketWithBypassCSP: "error" in (await socketRun(browser, strict.url, true)) ? "blocked" : "works",
  };
  const publicPage = {
    webSocket: await fromPublicPage(false),
    webSocketWithLocalNetworkPermission: await fromPublicPage(true),
  };
  const bridge = await bridgeRun(browser);
  console.log(JSON.stringify({ tracks: TRACKS, seconds: SECONDS, frameMs: 20, transports: { cdpBinding, cdpRawBinding, webSocket, strictCsp, publicPage }, bridge }, null, 2));
} finally {
  await browser.close();
  open.close();
  strict.close();
}
