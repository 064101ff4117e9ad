// Reading and checking frames from the server, and the version each agent frame
// is written in (docs/protocol.md §2, §5.4, §7.2, §12.1, §12.6, §12.7, §13.2, §13.5).

/** The protocol versions this console speaks (§4, §12.1, §13.1); `hello` and `resume` list them. */
export const VERSIONS = [1, 2, 3];

/** Version 1: the handshake and every type defined in it are written with `"v":1` on every connection. */
export const BASE_VERSION = 1;

/** Types added in version 2, written with `"v":2` and sent only on connections that negotiated it (§12.1). */
const VERSION_2_OUTBOUND = new Set(["requestKeyframe", "input", "annotate", "clearAnnotations"]);

/** Types added in version 3, the call (§13.2) and a shared screen's video track (§13.5), written with `"v":3`. */
const VERSION_3_OUTBOUND = new Set(["requestCall", "callSignal", "callMediaState", "callEnd", "screenSignal"]);

/** The largest text frame either side may send, in UTF-8 bytes. */
const MAX_FRAME_BYTES = 65_536;

const SEQUENCED_OUTBOUND = new Set([
  "acceptNext", "acceptSession", "redeemShortCode", "chat", "requestScreenShare",
  "requestControl", "push", "screenShareEnd", "endSession", "requestCall", "callEnd",
]);

const CHAT_MESSAGE = { messageId: "string", author: "string", text: "string", sentAt: "integer" };
const RECEIPT = { clientMessageId: "string", messageId: "string", status: "string" };
const AGENT = { id: "string", name: "string" };

/** Server → agent messages: whether each is sequenced and the body members it must have. */
const INBOUND = {
  welcome: {
    sequenced: false,
    body: { agent: AGENT, resumeToken: "string", gracePeriodSeconds: "integer", version: "integer", lastReceivedSeq: "integer" },
  },
  ack: { sequenced: false, body: null },
  queueSnapshot: { sequenced: false, body: { entries: "array", totalWaiting: "integer" } },
  sessionAssigned: { sequenced: true, body: { sessionId: "string", destination: "string" } },
  chat: { sequenced: true, body: { sessionId: "string", message: CHAT_MESSAGE } },
  typing: { sequenced: false, body: { sessionId: "string", isTyping: "boolean" } },
  chatReceipt: { sequenced: true, body: { sessionId: "string", receipt: RECEIPT } },
  consumerAnswered: {
    sequenced: true,
    body: { sessionId: "string", requestId: "string", kind: "string", accepted: "boolean" },
  },
  screenShareEnd: { sequenced: true, body: { sessionId: "string", requestId: "string" } },
  sessionEnded: { sequenced: true, body: { sessionId: "string", reason: "string" } },
  inputResult: { sequenced: false, body: { sessionId: "string", inputId: "string", outcome: "string" } },
  controlEnd: { sequenced: true, body: { sessionId: "string", requestId: "string" } },
  annotationsCleared: { sequenced: false, body: { sessionId: "string", ids: "array", reason: "string" } },
  callAsked: { sequenced: true, body: { sessionId: "string", media: "string" } },
  callSignal: { sequenced: false, body: { sessionId: "string", requestId: "string", signal: "object" } },
  callMediaState: {
    sequenced: false,
    body: { sessionId: "string", requestId: "string", microphone: "boolean", camera: "boolean" },
  },
  callEnd: { sequenced: true, body: { sessionId: "string", requestId: "string", reason: "string" } },
  screenSignal: { sequenced: false, body: { sessionId: "string", requestId: "string", signal: "object" } },
  error: { sequenced: false, body: { code: "string", message: "string" } },
};

/** The version an agent message of this type is written in. */
export function versionOf(type) {
  if (VERSION_3_OUTBOUND.has(type)) return 3;
  return VERSION_2_OUTBOUND.has(type) ? 2 : BASE_VERSION;
}

/** Whether an agent message of this type carries a `seq` (§6.1). */
export function isSequencedOutbound(type) {
  return SEQUENCED_OUTBOUND.has(type);
}

/**
 * The file a chat message carries (`attachment`, §3), or `null` when it has
 * none or one that breaks the rules — then the message shows as its text, as
 * a receiver that does not know `attachment` shows it.
 */
export function attachmentOf(message) {
  const attachment = message.attachment;
  if (!isPresent(attachment)) return null;
  const { attachmentId, name, size, mediaType } = isObject(attachment) ? attachment : {};
  const valid = isText(attachmentId, 128) && isText(name, 255) && isProtocolInteger(size) && size >= 1
    && isText(mediaType, 255);
  if (!valid) console.warn("Assist console: a chat message's attachment breaks the rules of §3; shown as text.");
  return valid ? { attachmentId, name, size, mediaType } : null;
}

/** Whether `value` is a string of 1 … `max` characters. */
function isText(value, max) {
  return typeof value === "string" && value.length > 0 && textLength(value) <= max;
}

/** Whether `value` is a protocol integer: whole, 0 … 2^53 − 1. */
function isProtocolInteger(value) {
  return Number.isSafeInteger(value) && value >= 0;
}

/** Length of a text in Unicode scalar values, as the protocol counts it. */
function textLength(text) {
  return [...text].length;
}

/**
 * Reads one frame from the server, following the checks of §7.2 in order.
 *
 * Returns one of:
 * - `{ kind: "fatal", code, closeCode, message }`: the connection must close;
 * - `{ kind: "unknownType", envelope }` or `{ kind: "invalid", envelope, message }`:
 *   answer with an `error` frame, but the frame still counts as received;
 * - `{ kind: "message", envelope, sequenced }`: deliver it.
 */
export function readFrame(data) {
  if (typeof data !== "string") return fatal("unsupportedData", 1003, "A binary frame where only text is allowed.");
  if (new TextEncoder().encode(data).length > MAX_FRAME_BYTES) {
    return fatal("frameTooLarge", 1009, "Text frame over 65536 bytes.");
  }
  let envelope;
  try {
    envelope = JSON.parse(data);
  } catch {
    return fatal("malformedFrame", 1007, "The frame is not JSON.");
  }
  const problem = envelopeProblem(envelope);
  if (problem) return problem;
  const spec = Object.hasOwn(INBOUND, envelope.type) ? INBOUND[envelope.type] : null;
  if (!spec) return { kind: "unknownType", envelope };
  const bodyProblem = spec.body ? membersProblem(envelope.body, spec.body, "body") : null;
  if (bodyProblem) return { kind: "invalid", envelope, message: bodyProblem };
  if (spec.sequenced !== isPresent(envelope.seq)) {
    return fatal("malformedFrame", 1007, `seq must be ${spec.sequenced ? "present" : "absent"} on ${envelope.type}.`);
  }
  return { kind: "message", envelope, sequenced: spec.sequenced };
}

function envelopeProblem(envelope) {
  if (!isObject(envelope)) return fatal("malformedFrame", 1007, "The frame is not a JSON object.");
  if (!isProtocolInteger(envelope.v)) return fatal("malformedFrame", 1007, "v is missing or not an integer.");
  if (!VERSIONS.includes(envelope.v)) return fatal("unsupportedVersion", 4001, `Version ${envelope.v} is not spoken here.`);
  const { type, seq, ack } = envelope;
  if (typeof type !== "string" || type.length === 0 || textLength(type) > 128) {
    return fatal("malformedFrame", 1007, "type is missing or not a string of 1–128 characters.");
  }
  if (isPresent(seq) && !(isProtocolInteger(seq) && seq >= 1)) return fatal("malformedFrame", 1007, "seq is not an integer ≥ 1.");
  if (isPresent(ack) && !isProtocolInteger(ack)) return fatal("malformedFrame", 1007, "ack is not an integer ≥ 0.");
  return null;
}

function membersProblem(value, schema, path) {
  if (!isObject(value)) return `${path}: missing or not an object.`;
  for (const [name, kind] of Object.entries(schema)) {
    const member = value[name];
    const memberPath = `${path}.${name}`;
    if (!isPresent(member)) return `${memberPath}: missing.`;
    const problem = typeof kind === "string" ? kindProblem(member, kind, memberPath) : membersProblem(member, kind, memberPath);
    if (problem) return problem;
  }
  return null;
}

function kindProblem(value, kind, path) {
  switch (kind) {
    case "string": return typeof value === "string" ? null : `${path}: not a string.`;
    case "boolean": return typeof value === "boolean" ? null : `${path}: not a boolean.`;
    case "integer": return isProtocolInteger(value) ? null : `${path}: not an integer.`;
    case "object": return isObject(value) ? null : `${path}: not an object.`;
    default: return Array.isArray(value) ? null : `${path}: not an array.`;
  }
}

function fatal(code, closeCode, message) {
  return { kind: "fatal", code, closeCode, message };
}

function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isPresent(value) {
  return value !== undefined && value !== null;
}
