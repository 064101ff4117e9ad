// One sentence for the person for what went wrong (an `error` frame, §7.1; a lost session; an end, §5.2).

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
