// The one place that turns protocol codes into sentences the agent reads.

const CLOSE_SENTENCES = {
  1000: "The server ended the connection.",
  1003: "The server closed the connection: the console sent data it does not accept (1003).",
  1007: "The server closed the connection: it could not read a frame from the console (1007).",
  1008: "The server closed the connection: the console broke a protocol rule (1008). Sign in again.",
  1009: "The server closed the connection: a frame from the console was too large (1009).",
  4001: "The server does not speak this console's protocol version (4001). Reload the page or update the server.",
  4003: "Authentication failed: the agent token was not accepted (4003). Check it and sign in again.",
};

const ERROR_SENTENCES = {
  queueEmpty: "Nobody is waiting right now.",
  unknownSession: "That session is no longer available.",
  unknownShortCode: "That short code is unknown or has expired.",
  unknownRequest: "The visitor already answered that request, or it has expired.",
  notAllowed: "That is not possible right now (for example, you are at capacity).",
  invalidValue: "The server refused a value the console sent.",
  invalidMessage: "The server refused a message the console sent.",
  authenticationFailed: "Authentication failed: the agent token was not accepted.",
  internalError: "The server ran into a problem. Try again.",
};

/** What the visitor's app did with one of the agent's clicks or texts (§12.6). */
const INPUT_OUTCOMES = {
  performed: "Done.",
  notInteractive: "You may see that control but not use it.",
  masked: "That part of the window is hidden from you.",
  nothingThere: "Nothing there takes that input.",
  noControl: "You no longer have control.",
};

/** Why the visitor's app took some of the agent's strokes off (`annotationsCleared`, §12.7). */
const ANNOTATIONS_CLEARED = {
  contentChanged: "The visitor's window changed under your drawing, so it was cleared.",
  person: "The visitor cleared your drawings.",
  tooMany: "Your oldest drawings were removed (at most 100).",
};

/** What became of a drawing action the server refused (an `error` about it, §12.7). */
const ANNOTATION_REFUSALS = {
  annotate: "Your drawing did not reach the visitor's screen, so it was taken off.",
  clearAnnotations: "Clearing your drawings did not reach the visitor's screen.",
};

const END_REASONS = {
  consumerEnded: "The visitor ended the session.",
  consumerLeftQueue: "The visitor left the queue.",
  agentEnded: "The session was ended by the agent.",
  gracePeriodExpired: "The visitor's connection was lost and did not come back in time.",
  noAgentsAvailable: "No agents were available.",
  serverShutdown: "The server shut down.",
};

/** What became of a file the console was sending or fetching, when the server gave no sentence of its own. */
const FILE_SENTENCES = {
  empty: "The file is empty.",
  unknownType: "Only pictures (PNG, JPEG, GIF, WebP), PDF documents and plain text can be sent.",
  connectionLost: "The connection to the server was lost, so the file was not sent.",
  downloadLost: "The connection to the server was lost, so the file could not be fetched.",
  unreadable: "The server's answer could not be understood, so the file was not sent.",
  cancelled: "You cancelled this file; it was not sent.",
  sessionEnded: "The session ended before the file could be sent.",
};

/** A sentence for a close code that ends the agent's sign-in, or `null` if it is resumed. */
export function closeSentence(code) {
  return CLOSE_SENTENCES[code] ?? null;
}

/** A sentence for an `error` frame from the server; unknown codes read like a protocol violation. */
export function errorSentence(code) {
  return ERROR_SENTENCES[code] ?? "The server reported a protocol problem with the console.";
}

/** A sentence for an `inputResult` outcome; an unknown one says only that the app answered. */
export function inputOutcomeSentence(outcome) {
  return INPUT_OUTCOMES[outcome] ?? "The app answered in a way this console does not know.";
}

/** A sentence for an `annotationsCleared` reason; an unknown one says only that drawings went. */
export function annotationsClearedSentence(reason) {
  return ANNOTATIONS_CLEARED[reason] ?? "Some of your drawings were removed.";
}

/** A sentence for a refused `annotate` or `clearAnnotations` (the message's type). */
export function annotationRefusedSentence(type) {
  return ANNOTATION_REFUSALS[type] ?? ANNOTATION_REFUSALS.annotate;
}

/**
 * A sentence for a file that did not go or come (`empty`, `unknownType`,
 * `connectionLost`, `downloadLost`, `unreadable`, `cancelled`, `sessionEnded`). A refusal
 * from the server is shown in the server's own sentence instead.
 */
export function fileSentence(kind) {
  return FILE_SENTENCES[kind];
}

/** A sentence for a `sessionEnded` reason; unknown reasons read like a shutdown. */
export function endSentence(reason) {
  return END_REASONS[reason] ?? END_REASONS.serverShutdown;
}

/** Where a call stands, as the agent reads it (§13.3); `visitor` is the person's name. */
const CALL_STATES = {
  starting: (visitor, media) => media === "video" ? "Starting your camera and microphone…" : "Starting your microphone…",
  calling: (visitor) => `Calling ${visitor}… waiting for an answer`,
  connecting: () => "Connecting…",
  active: (visitor) => `In a call with ${visitor}.`,
  reconnecting: (visitor) => `${visitor}'s connection dropped; reconnecting the call…`,
};

/** How a call ended: a `callEnd` reason (§13.2), or what ended it in the console. */
const CALL_ENDINGS = {
  declined: (visitor) => `${visitor} declined the call.`,
  unanswered: (visitor) => `${visitor} did not answer.`,
  consumerEnded: (visitor) => `Call ended by ${visitor}.`,
  agentEnded: () => "The call ended.",
  sessionEnded: () => "The call ended with the session.",
  agentLeft: () => "The call ended: you are no longer in this session.",
  ownEnd: () => "You ended the call.",
  refused: (visitor) => `${visitor}'s app cannot take calls.`,
  noMedia: (visitor, media) => media === "video"
    ? "The console could not use your camera and microphone, so the call did not start."
    : "The console could not use your microphone, so the call did not start.",
  failed: () => "The call could not be set up.",
  lost: () => "The call ended: the connection was restarted.",
};

/** A sentence for a call in progress: `starting`, `calling`, `connecting`, `active` or `reconnecting`. */
export function callStateSentence(state, visitor, media) {
  return CALL_STATES[state](visitor, media);
}

/** A sentence for a call's end; an unknown `callEnd` reason reads like `agentEnded`, as §13.2 asks. */
export function callEndSentence(reason, visitor, media) {
  return (CALL_ENDINGS[reason] ?? CALL_ENDINGS.agentEnded)(visitor, media);
}

/** A sentence for the person asking to be called (`callAsked`). */
export function callAskedSentence(media, visitor) {
  return media === "video" ? `${visitor} asks for a video call.` : `${visitor} asks for a voice call.`;
}

/**
 * What the person turned off during a call (`callMediaState`), or `""` when
 * nothing is off. The camera counts only in a video call.
 */
export function callMediaSentence(visitor, { microphone, camera }, media) {
  const off = [];
  if (!microphone) off.push(`${visitor} muted their microphone.`);
  if (!camera && media === "video") off.push(`${visitor} turned their camera off.`);
  return off.join(" ");
}

/** How a masking note names each kind the server masked (`maskedKinds`, §11.7); any other name is a pattern's. */
const MASKED_KINDS = {
  cardNumber: "a card number",
  socialSecurityNumber: "a social security number",
  iban: "a bank account number",
};

/**
 * The note under one of the agent's messages in which the server masked
 * something: "A card number was hidden to protect it."
 */
export function maskingSentence(kinds) {
  const phrases = kinds.map((kind) => MASKED_KINDS[kind] ?? `text matching “${kind}”`);
  const listed = phrases.length === 1 ? phrases[0] : `${phrases.slice(0, -1).join(", ")} and ${phrases.at(-1)}`;
  const sentence = phrases.length === 1 ? `${listed} was hidden to protect it.` : `${listed} were hidden to protect them.`;
  return sentence[0].toUpperCase() + sentence.slice(1);
}
