// The pipeline's timing and size constants in one place, each with the reason for its value
// (docs/voice.md; figures from ../shared/research/voice-pipelines.md §1.5-1.8 and §3).
import { VAD_BLOCK_MS } from "../audio/vad.ts";

const blocks = (ms: number) => Math.ceil(ms / VAD_BLOCK_MS);

/** Silero's own hysteresis: a block becomes speech at ≥ 0.5 and stays speech until it drops below 0.35. */
export const VAD_SPEECH_THRESHOLD = 0.5;
export const VAD_SILENCE_THRESHOLD = 0.35;

/**
 * Speech starts after 2 speech blocks in a row (64 ms): a single block is usually a click or a
 * breath. LiveKit waits 50 ms, Pipecat 200 ms; ours sits between and a block is 32 ms.
 */
export const SPEECH_START_BLOCKS = 2;

/**
 * Speech ends after 512 ms without speech. Our VAD's end of speech is the turn's end when the STT
 * agrees (OpenAI server VAD 500 ms, LiveKit 550 ms, Vocode 400 ms). Shorter cuts meeting speakers
 * off in mid-sentence pauses (eSpeak's own sentence pauses are ~300-400 ms); longer adds straight to
 * every reply's latency. A provider's end-of-turn signal can close the turn earlier.
 */
export const SPEECH_END_BLOCKS = blocks(500);

/**
 * Audio kept from before the detected start and sent to the STT with it (OpenAI server VAD pads
 * 300 ms, Silero 500 ms): a word's first consonant is quiet and scores below the threshold.
 */
export const PREROLL_BLOCKS = blocks(300);

/**
 * After the end of speech, when the STT has already given text: how long to wait for a last final
 * that may still be on its way (Deepgram answers `Finalize` within ~50-150 ms, but an answer with no
 * new words may never arrive as an event).
 */
export const FINAL_GRACE_MS = 250;

/**
 * Longest wait for any transcript after the end of speech; without words by then the sound was not
 * speech. HTTP transcription (OpenAI) has a P99 of ~2 s on a whole utterance (Pipecat's STT table).
 */
export const FINAL_TIMEOUT_MS = 3_000;

/**
 * Barge-in: a person's speech over the agent for 500 ms interrupts it (LiveKit's minDuration; Hume
 * 800 ms); shorter sounds are backchannels ("yeah", "mhm") the agent talks through.
 */
export const BARGE_IN_SPEECH_BLOCKS = blocks(500);

/**
 * …or this many transcribed words that are not the agent's own: Vocode treats up to 3 words over
 * the agent as a backchannel. Needed where the platform does not tag who is speaking: untagged
 * audio may be the agent's own voice coming back, so VAD alone may not interrupt.
 */
export const BARGE_IN_WORDS = 3;

/**
 * After a reply ends, people may follow up without the wake word for this long (Pipecat's
 * wake-phrase timeout is 10 s); the agent then goes back to listening for it.
 */
export const FOLLOW_UP_MS = 10_000;

/**
 * A transcript is the agent's own voice coming back when it overlaps the agent's speech (plus this
 * tail for the meeting's round trip and the STT's delay) and most of its words are the agent's.
 */
export const ECHO_TAIL_MS = 1_500;
export const ECHO_WORD_RATIO = 0.7;

/**
 * Meeting transcript in the LLM context, in characters (~4 per token: ~6,000 tokens, Pipecat's
 * summarisation target): older parts are left out first. Long enough for an hour's gist, short
 * enough that every turn's prompt stays fast and cheap.
 */
export const CONTEXT_TRANSCRIPT_CHARS = 24_000;

/**
 * Sentence chunks for TTS: a chunk shorter than this waits for the next sentence ("Sure." alone
 * sounds clipped); one that grows past the maximum without a sentence end is cut at a clause or
 * word boundary so speech never waits for a run-on sentence. LiveKit's minimum is 20.
 */
export const MIN_CHUNK_CHARS = 12;
export const MAX_CHUNK_CHARS = 240;

/**
 * TTS requests in flight per reply: the sentence being received plus the next one, so each
 * sentence's audio is ready when the previous one ends, without flooding the provider's rate limit.
 */
export const TTS_LOOKAHEAD = 2;

/**
 * Catching up (docs/voice.md): audio this much older than the session clock when it is pushed, or
 * when its VAD block's turn to be scored comes, means the worker has fallen behind (starved of CPU)
 * and is not catching up by itself: normal lag is tens of ms (a 20 ms frame, the mixer's jitter wait,
 * a 32 ms block, a burst delivered late), so 2 s is never jitter, and a reply later than that
 * answers a conversation that has moved on. The session then skips audio until it is back within
 * CAUGHT_UP_LAG_MS, unheard, instead of working through a backlog that every later turn would wait
 * behind.
 */
export const BEHIND_LIMIT_MS = 2_000;
/**
 * While skipping, audio is dropped until it arrives this close to now: within the normal lag plus
 * a burst's worth of slack, so the session resumes on audio it can keep up with, and low enough
 * that the next question is answered as promptly as usual.
 */
export const CAUGHT_UP_LAG_MS = 300;

/** Replies that fail in a row (after the adapters' own retries) before the session gives up. */
export const MAX_FAILED_REPLIES = 3;

/** STT streams that fail in a row (after the adapter's own reconnects) before the session gives up. */
export const MAX_STT_REOPENS = 3;

/**
 * A provider that keeps failing with errors that can go away by themselves (timeouts, 429, 5xx,
 * dropped or refused connections) is in an outage: the meeting goes on, the agent says once that it
 * has a problem, and a question asked meanwhile is tried again. Only an outage longer than this is
 * taken for good and ends the session (provider_error): minutes, not the seconds a provider's
 * incident usually lasts.
 */
export const PROVIDER_OUTAGE_LIMIT_MS = 5 * 60_000;

/** Back-off of answering a question again during an outage: first wait, doubling up to the maximum. */
export const OUTAGE_RETRY_FIRST_MS = 2_000;
export const OUTAGE_RETRY_MAX_MS = 15_000;

/**
 * A tool call still running this long after the model asked for it gets a short filler ("One
 * moment.") when the agent is silent: people hear dead air after about a second (the turn-taking
 * gap in conversation is ~200-700 ms), and most tools answer faster than this.
 */
export const TOOL_FILLER_AFTER_MS = 700;

/** The longest a tool may take; then the model hears that it timed out. A meeting waits no longer. */
export const TOOL_TIMEOUT_MS = 10_000;

/**
 * A tool's result is cut to this many characters (~1,000 tokens) before the model sees it: a
 * spoken answer needs little, and a huge result would make the next request slow and costly.
 */
export const TOOL_RESULT_MAX_CHARS = 4_000;

/**
 * Rounds of tool calls in one reply (call, results, call again…); calls beyond them are not run and
 * the model must answer with what it has. A model looping on a failing tool cannot stall the agent.
 */
export const MAX_TOOL_ROUNDS = 3;

/** Calls run at once in one round; further ones in the same round answer "too many calls". */
export const MAX_PARALLEL_TOOL_CALLS = 5;
