// Why the microphone could not be opened, in words a person can act on (keys of rooms.mic.*).
export type MicProblem = "blocked" | "missing" | "busy" | "insecure" | "unsupported" | "failed";

export function micProblem(err: unknown): MicProblem {
  const name = (err as { name?: string } | null)?.name;
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") return "blocked";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") return "missing";
  if (name === "NotReadableError" || name === "AbortError" || name === "TrackStartError") return "busy";
  return "failed";
}

/** Problems known before asking: no secure context, or a browser without WebRTC. */
export function micPrecondition(): MicProblem | null {
  if (typeof window === "undefined") return null;
  if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) return window.isSecureContext ? "unsupported" : "insecure";
  if (typeof RTCPeerConnection === "undefined") return "unsupported";
  return null;
}
