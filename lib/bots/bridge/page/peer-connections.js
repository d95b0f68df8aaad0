// @ts-check
// Every RTCPeerConnection the page makes: their remote tracks are captured, and receiveStats() reads
// their getStats().

/** @import { Capture } from "./remote-tracks.js" */

/** The page's peer connections (weakly: the page decides when they go), for receiveStats(). */
export function peerConnections() {
  /** @type {WeakRef<RTCPeerConnection>[]} */
  let peers = [];
  return {
    /** @param {RTCPeerConnection} pc */
    add(pc) {
      peers.push(new WeakRef(pc));
    },
    /** The connections that are neither collected nor closed. */
    live() {
      peers = peers.filter((ref) => ref.deref() && ref.deref()?.connectionState !== "closed");
      return peers;
    },
  };
}

/**
 * Our own listener on every connection the page makes sees every remote track, however the page
 * itself listens (addEventListener or the ontrack setter) and even if it never does.
 * @param {any} w the page's window
 * @param {ReturnType<typeof peerConnections>} peers
 * @param {Capture} capture
 */
export function tapPeerConnections(w, peers, capture) {
  if (typeof w.RTCPeerConnection !== "function") return;
  const Native = w.RTCPeerConnection;
  const Wrapped = new Proxy(Native, {
    construct(target, args, newTarget) {
      const pc = Reflect.construct(target, args, newTarget);
      peers.add(pc);
      EventTarget.prototype.addEventListener.call(pc, "track", (e) => {
        const { track, streams } = /** @type {RTCTrackEvent} */ (e);
        void capture(track, streams, "peer");
      });
      return pc;
    },
  });
  w.RTCPeerConnection = Wrapped;
  if (w.webkitRTCPeerConnection) w.webkitRTCPeerConnection = Wrapped;
}
