import type { Page } from "playwright-core";
import type { JoinFailure } from "./types.ts";

// The Zoom Meeting SDK for Web (Client View, @zoom/meetingsdk) for agents that bring their own Zoom
// app. The bot's page opens a small host page that the bot itself serves (page.route, so no Cohost
// server route and no file on disk): it loads the SDK from Zoom's CDN, as Zoom's own CDN sample
// does, and joins with the signature Node made (zoom-app.ts). Once in, the Client View is Zoom's web
// client interface, read the same way (zoom-page.ts).

/** The SDK release the host page loads (npm @zoom/meetingsdk; Zoom's CDN sample uses the same). */
export const ZOOM_SDK_VERSION = "6.2.0";
const CDN = `https://source.zoom.us/${ZOOM_SDK_VERSION}`;

/** What the host page reports back (window.__cohostZoom). */
export interface ZoomSdkStatus {
  phase: "loading" | "ready" | "joining" | "joined" | "failed";
  errorCode?: number;
  errorMessage?: string;
}

export function zoomSdkPage(): string {
  const vendor = ["react", "react-dom", "react-redux", "redux", "redux-thunk"].map((lib) => `<script src="${CDN}/lib/vendor/${lib}.min.js"></script>`).join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Zoom</title></head>
<body>
${vendor}
<script src="${CDN}/zoom-meeting-${ZOOM_SDK_VERSION}.min.js"></script>
<script>
window.__cohostZoom = { phase: typeof ZoomMtg === "undefined" ? "failed" : "ready", errorMessage: typeof ZoomMtg === "undefined" ? "the Zoom Meeting SDK did not load" : undefined };
window.__cohostZoomJoin = function (cfg) {
  var status = window.__cohostZoom;
  var fail = function (res) { status.phase = "failed"; status.errorCode = res && res.errorCode; status.errorMessage = res && (res.errorMessage || res.message); };
  status.phase = "joining";
  ZoomMtg.preLoadWasm();
  ZoomMtg.prepareWebSDK();
  ZoomMtg.i18n.load("en-US");
  ZoomMtg.i18n.onLoad(function () {
    ZoomMtg.init({
      leaveUrl: location.href.split("#")[0] + "#left",
      disablePreview: true,
      disableCORP: !window.crossOriginIsolated,
      success: function () {
        ZoomMtg.join({
          meetingNumber: cfg.meetingNumber,
          userName: cfg.userName,
          signature: cfg.signature,
          passWord: cfg.passWord,
          success: function () { status.phase = "joined"; },
          error: fail,
        });
      },
      error: fail,
    });
  });
};
</script>
</body></html>`;
}

/** Where the host page lives: Cohost's own origin (APP_URL), which a Zoom app may list as its domain. */
export function zoomSdkPageUrl(appUrl: string): string {
  return new URL("/bot/zoom-meeting", appUrl).toString();
}

/** The host page's report; null while it cannot be read (navigating). */
export async function readZoomSdkStatus(page: Page): Promise<ZoomSdkStatus | null> {
  return page.evaluate(() => (window as unknown as { __cohostZoom?: ZoomSdkStatus }).__cohostZoom ?? null).catch(() => null);
}

/**
 * A join error of the Meeting SDK as a typed failure (developers.zoom.us/docs/meeting-sdk/web/
 * error-codes), or "host" for a meeting that has not started (waited out like the web client).
 */
export function zoomSdkFailure(status: ZoomSdkStatus): { reason: JoinFailure; detail: string } | "host" {
  const detail = `Zoom Meeting SDK: ${status.errorMessage ?? "join failed"}${status.errorCode !== undefined ? ` (${status.errorCode})` : ""}`;
  switch (status.errorCode) {
    case 3008:
      return "host";
    case 3001:
    case 3610:
      return { reason: "not_found", detail };
    case 3004:
      return { reason: "passcode_required", detail };
    case 3009:
      return { reason: "denied", detail };
    case 3099:
    case 3100:
      return { reason: "login_required", detail };
    case 3603:
    case 3608:
      return { reason: "blocked", detail };
    case 3265:
    case 3706:
    case 3707:
    case 3712:
      return { reason: "zoom_app_rejected", detail };
  }
  // Signature, key and authorization problems (unpublished apps outside their own account, a
  // missing OBF token for external meetings since March 2026) say so in their message.
  if (/signature|sdk ?key|app ?key|authoriz|obf|token/i.test(status.errorMessage ?? "")) return { reason: "zoom_app_rejected", detail };
  return { reason: "join_failed", detail };
}
