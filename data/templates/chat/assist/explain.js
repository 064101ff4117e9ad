// One sentence for the person for what went wrong (an `error` frame, §7.1; a lost session; an end, §5.2;
// a file that was not sent, §11.6 — in the app's words where the app says the same).

const SENTENCES = {
  notAllowed: "That is not possible at this point of the chat.",
  invalidMessage: "The chat could not read what this page sent.",
  invalidValue: "Something you entered could not be accepted.",
  unsupportedVersion: "This chat page is too old for the server.",
  resumeRejected: "Your earlier chat has ended; you can start a new one.",
  unknownRequest: "That request had already been answered.",
  frameTooLarge: "That message is too long to send.",
};

/** The sentence for an `error` frame's body. */
export function errorSentence(report) {
  return SENTENCES[report?.code] ?? "Something went wrong in the chat; please try again.";
}

/** The sentence for a `sessionEnded` reason (the set is open, §5.2). */
export function endedSentence(reason, agentName) {
  switch (reason) {
    case "consumerEnded":
    case "consumerLeftQueue":
      return "You ended the chat.";
    case "agentEnded":
      return `${agentName ?? "The agent"} ended the chat.`;
    case "gracePeriodExpired":
      return "The chat ended because the connection was lost for too long.";
    case "noAgentsAvailable":
      return "No one is available to chat right now; please try again later.";
    default:
      return "The chat has ended.";
  }
}

/** Why one of the person's files was not sent, when the server gave no sentence of its own. */
export function fileSentence(kind, { name = "", status = 0, tries = 0 } = {}) {
  switch (kind) {
    case "notYet":
      return "The file can be sent once the support server has answered.";
    case "unsupported":
      return `${name} cannot be sent: only images (PNG, JPEG, GIF, WebP), PDF documents and plain text files can.`;
    case "unreadable":
      return `${name} could not be read.`;
    case "unreachable":
      return `The server could not be reached (${tries} ${tries === 1 ? "try" : "tries"}); the file was not sent.`;
    case "refused":
      return `The server refused the file (${status}).`;
    case "cancelled":
      return "Cancelled; the file was not sent.";
    case "reloaded":
      return "The page was reloaded before the file was sent.";
    case "ended":
      return "The chat has ended, so the file was not sent.";
    default:
      return "The server's answer was not understood.";
  }
}
