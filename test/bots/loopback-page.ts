import http from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in meeting page for the bridge tests: WebRTC over loopback connections inside one page,
// served with a strict Content-Security-Policy like real meeting clients (scripts only from the
// page's origin, no inline scripts, connections only to itself).
//   window.person(freq)  → a "remote participant": an oscillator sent pcC → pcD; resolves the
//                          stream id the receiving side sees.
//   window.botMic()      → the page asks for the microphone (the bridge answers) and sends it
//                          pcA → pcB, as a meeting client would; resolves the stream id pcB sees.
//   window.mixedElement(freq) → plays an oscillator through an <audio> element (a mixed stream).
const PAGE = `<!doctype html><html><head><title>loopback</title><script src="/loop.js"></script></head><body>loopback</body></html>`;

const SCRIPT = `
async function connect(stream) {
  const sender = new RTCPeerConnection();
  const receiver = new RTCPeerConnection();
  sender.onicecandidate = (e) => e.candidate && receiver.addIceCandidate(e.candidate);
  receiver.onicecandidate = (e) => e.candidate && sender.addIceCandidate(e.candidate);
  for (const track of stream.getTracks()) sender.addTrack(track, stream);
  // The page listens the usual way; the bridge must see the track regardless.
  const remote = new Promise((resolve) => { receiver.ontrack = (e) => resolve(e.streams[0]); });
  await sender.setLocalDescription();
  await receiver.setRemoteDescription(sender.localDescription);
  await receiver.setLocalDescription();
  await sender.setRemoteDescription(receiver.localDescription);
  const got = await remote;
  const el = new Audio();
  el.srcObject = got;
  el.play().catch(() => {});
  return got;
}
function tone(freq) {
  const ctx = new AudioContext();
  const osc = ctx.createOscillator();
  osc.frequency.value = freq;
  const gain = ctx.createGain();
  gain.gain.value = 0.5;
  const dest = ctx.createMediaStreamDestination();
  osc.connect(gain).connect(dest);
  osc.start();
  return dest.stream;
}
window.person = async (freq) => (await connect(tone(freq))).id;
window.botMic = async () => {
  const mic = await navigator.mediaDevices.getUserMedia({ audio: true });
  return (await connect(mic)).id;
};
window.mixedElement = async (freq) => {
  const stream = tone(freq);
  const el = document.createElement("audio");
  document.body.append(el);
  el.srcObject = stream;
  await el.play().catch(() => {});
  return stream.id;
};
`;

export async function startLoopbackPage(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    res.setHeader("content-security-policy", "default-src 'self'; script-src 'self'; connect-src 'self'; media-src 'self'");
    if (req.url === "/loop.js") {
      res.setHeader("content-type", "text/javascript");
      res.end(SCRIPT);
    } else {
      res.setHeader("content-type", "text/html");
      res.end(PAGE);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
