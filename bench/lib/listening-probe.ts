import type { Page } from "playwright-core";

// Voice-to-voice as the person hears it, measured inside the person's room page: the end of the
// person's own speech on their microphone track and the start of the agent's voice on its remote
// track, both taken by one AudioWorklet in one AudioContext, so both instants are on the same clock
// (the context's sample clock) and exact to one render quantum (128 samples, 2.7 ms at 48 kHz)
// rather than to a polling interval on a busy main thread.

/** Above this RMS a render quantum is sound (−40 dBFS, the level the fake STT calls speech). */
const LOUD_RMS = 0.01;
/** The person's speech has ended after this much quiet: longer than the pauses inside a sentence. */
const SPEECH_HANGOVER_MS = 600;
/** The agent's voice has stopped after this much quiet: longer than the gaps between its syllables. */
const AGENT_HANGOVER_MS = 300;

// Plain JavaScript that Chromium runs as it is. Input 0 is the microphone, input 1 the agent's
// voice; each posts {input, kind: "start" | "end", t, now} in context seconds: a start is the first
// loud quantum, an end the end of the last loud one (posted once the hangover has passed, at `now`).
const WORKLET = `
class ListeningProbe extends AudioWorkletProcessor {
  constructor(options) {
    super();
    const { loudRms, hangoverMs } = options.processorOptions;
    this.loudRms = loudRms;
    this.state = hangoverMs.map((ms) => ({ hangover: ms / 1000, loud: false, lastLoudEnd: 0 }));
  }
  process(inputs) {
    const t = currentFrame / sampleRate;
    const quantum = 128 / sampleRate;
    for (let i = 0; i < this.state.length; i++) {
      const s = this.state[i];
      const channels = inputs[i] || [];
      let sum = 0;
      let n = 0;
      for (const channel of channels) {
        for (let k = 0; k < channel.length; k++) sum += channel[k] * channel[k];
        n += channel.length;
      }
      const loud = n > 0 && Math.sqrt(sum / n) > this.loudRms;
      if (loud) {
        if (!s.loud) this.port.postMessage({ input: i, kind: "start", t, now: t });
        s.loud = true;
        s.lastLoudEnd = t + quantum;
      } else if (s.loud && t + quantum - s.lastLoudEnd >= s.hangover) {
        s.loud = false;
        this.port.postMessage({ input: i, kind: "end", t: s.lastLoudEnd, now: t });
      }
    }
    return true;
  }
}
registerProcessor("listening-probe", ListeningProbe);
`;

/**
 * Run in the person's page before its scripts: keeps the stream it gets from getUserMedia (its
 * microphone) and its peer connections where the probe can find them.
 */
export const PERSON_PAGE_SCRIPT = `(() => {
  window.__benchPeers = [];
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = new Proxy(Native, {
    construct(target, args, newTarget) {
      const pc = Reflect.construct(target, args, newTarget);
      window.__benchPeers.push(pc);
      return pc;
    },
  });
  const devices = navigator.mediaDevices;
  if (!devices) return;
  const getUserMedia = devices.getUserMedia.bind(devices);
  devices.getUserMedia = async (constraints) => {
    const stream = await getUserMedia(constraints);
    if (stream.getAudioTracks().length) window.__benchMicrophone = stream;
    return stream;
  };
})();`;

export interface ProbeEvent {
  input: 0 | 1;
  kind: "start" | "end";
  /** Context seconds. */
  t: number;
  /** The same instant in Unix ms (the page's clock when the event arrived, less the hangover): for lining it up with other processes' logs to a few ms. */
  epochMs: number;
}

/**
 * Starts the probe on a room page that has joined with its microphone and hears `agentName`
 * (the room's `<audio data-participant-name>` element plays the agent's stream; Chromium renders a
 * remote WebRTC track into Web Audio only while such an element plays it). Needs a context with
 * `bypassCSP` (the worklet is a blob: module). Returns the context time at which it started.
 */
export async function startProbe(page: Page, agentName: string): Promise<number> {
  return page.evaluate(
    async ({ worklet, agentName, loudRms, hangoverMs }) => {
      const w = window as unknown as { __benchMicrophone?: MediaStream; __benchEvents: unknown[]; __benchContext?: AudioContext };
      const audio = [...document.querySelectorAll<HTMLAudioElement>("audio[data-participant-name]")].find((a) => a.dataset.participantName === agentName);
      if (!(audio?.srcObject instanceof MediaStream)) throw new Error(`no audio of ${agentName} on the page`);
      if (!w.__benchMicrophone) throw new Error("the page has no microphone stream");
      const context = new AudioContext();
      await context.resume();
      const url = URL.createObjectURL(new Blob([worklet], { type: "text/javascript" }));
      await context.audioWorklet.addModule(url);
      const node = new AudioWorkletNode(context, "listening-probe", { numberOfInputs: 2, numberOfOutputs: 1, processorOptions: { loudRms, hangoverMs } });
      context.createMediaStreamSource(w.__benchMicrophone).connect(node, 0, 0);
      context.createMediaStreamSource(audio.srcObject).connect(node, 0, 1);
      // Pulled by the destination, so it runs; it outputs silence.
      node.connect(context.destination);
      w.__benchEvents = [];
      w.__benchContext = context;
      node.port.onmessage = (e) => {
        const { input, kind, t, now } = e.data;
        w.__benchEvents.push({ input, kind, t, epochMs: performance.timeOrigin + performance.now() - (now - t) * 1000 });
      };
      return context.currentTime;
    },
    { worklet: WORKLET, agentName, loudRms: LOUD_RMS, hangoverMs: [SPEECH_HANGOVER_MS, AGENT_HANGOVER_MS] },
  );
}

/**
 * The jitter buffer of the person's WebRTC receivers (the agent's voice arriving): mean delay of the
 * audio played so far, in ms. Part of the call's share of the voice-to-voice time.
 */
export async function jitterBufferMs(page: Page): Promise<number | null> {
  return page.evaluate(async () => {
    let delay = 0;
    let emitted = 0;
    for (const pc of (window as unknown as { __benchPeers: RTCPeerConnection[] }).__benchPeers) {
      (await pc.getStats()).forEach((s: { type: string; kind?: string; jitterBufferDelay?: number; jitterBufferEmittedCount?: number }) => {
        if (s.type !== "inbound-rtp" || s.kind !== "audio") return;
        delay += s.jitterBufferDelay ?? 0;
        emitted += s.jitterBufferEmittedCount ?? 0;
      });
    }
    return emitted ? (1000 * delay) / emitted : null;
  });
}

/** Everything the probe has seen, and the context time now. */
export async function probeEvents(page: Page): Promise<{ events: ProbeEvent[]; now: number }> {
  return page.evaluate(() => {
    const w = window as unknown as { __benchEvents: ProbeEvent[]; __benchContext: AudioContext };
    return { events: [...w.__benchEvents], now: w.__benchContext.currentTime };
  });
}

export interface Turns {
  /** Per answered turn: end of the person's speech → the agent's first sound (ms), and both instants (Unix ms). */
  answered: { voiceToVoiceMs: number; speechEndEpochMs: number; answerEpochMs: number }[];
  /** The person finished speaking (at this instant, Unix ms) and the agent did not answer before they spoke again (or within `answerWithinMs`). */
  unanswered: { speechEndEpochMs: number }[];
  /** The agent was still talking when the person finished: not a measurable turn. */
  overlapped: number;
}

/**
 * The person's turns that ended at or after `from` (context seconds) and are complete by `now`:
 * each end of the person's speech with the agent's first sound after it.
 */
export function turnsOf(events: ProbeEvent[], from: number, now: number, answerWithinMs: number): Turns {
  const turns: Turns = { answered: [], unanswered: [], overlapped: 0 };
  const mic = events.filter((e) => e.input === 0);
  const agent = events.filter((e) => e.input === 1);
  const agentTalkingAt = (t: number) => {
    const last = agent.filter((e) => e.t <= t).at(-1);
    return last?.kind === "start";
  };
  for (let i = 0; i < mic.length; i++) {
    const end = mic[i];
    if (end.kind !== "end" || end.t < from) continue;
    const nextSpeech = mic.slice(i + 1).find((e) => e.kind === "start")?.t ?? Infinity;
    const limit = Math.min(nextSpeech, end.t + answerWithinMs / 1000);
    const answer = agent.find((e) => e.kind === "start" && e.t > end.t && e.t < limit);
    if (answer) {
      if (agentTalkingAt(end.t)) turns.overlapped++;
      else turns.answered.push({ voiceToVoiceMs: (answer.t - end.t) * 1000, speechEndEpochMs: end.epochMs, answerEpochMs: answer.epochMs });
    } else if (limit <= now) {
      if (agentTalkingAt(end.t)) turns.overlapped++;
      else turns.unanswered.push({ speechEndEpochMs: end.epochMs });
    }
  }
  return turns;
}
