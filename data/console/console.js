// Entry point of the agent console: sign-in, connection status, sign-out.

import { AttachmentClient } from "./attachment-client.js";
import { AgentConnection } from "./connection.js";
import { Workspace } from "./workspace.js";

const signIn = document.getElementById("sign-in");
const signInForm = document.getElementById("sign-in-form");
const tokenInput = document.getElementById("agent-token");
const signInMessage = document.getElementById("sign-in-message");
const workspaceElement = document.getElementById("workspace");
const status = document.getElementById("connection-status");
const signOutButton = document.getElementById("sign-out");
const workspace = new Workspace();
let connection = null;

/** The agent endpoint on the server that served this page, `wss:` when the page is `https:`. */
function agentEndpoint() {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}/v1/agent`;
}

function statusText(update) {
  switch (update.state) {
    case "connecting": return "Connecting…";
    case "connected": return `Connected as ${update.agent.name}`;
    case "reconnecting":
      return update.retryInSeconds > 0
        ? `Connection lost — reconnecting (attempt ${update.attempt}) in ${update.retryInSeconds} s…`
        : `Reconnecting (attempt ${update.attempt})…`;
    default: return "Signed out";
  }
}

function showStatus(update) {
  status.dataset.state = update.state;
  status.textContent = statusText(update);
  if (update.state === "reconnecting") {
    workspace.connectionLost();
  } else if (update.state === "connected") {
    signIn.hidden = true;
    workspaceElement.hidden = false;
    signOutButton.hidden = false;
  } else if (update.state === "signedOut") {
    showSignIn(update.sentence ?? "");
  }
}

function showSignIn(sentence) {
  connection = null;
  workspace.clear();
  workspaceElement.hidden = true;
  signOutButton.hidden = true;
  signIn.hidden = false;
  signInMessage.textContent = sentence;
  tokenInput.setAttribute("aria-invalid", String(sentence !== ""));
  tokenInput.focus();
}

function startSession(token) {
  signInMessage.textContent = "";
  tokenInput.setAttribute("aria-invalid", "false");
  connection = new AgentConnection(agentEndpoint(), token, {
    onStatus: showStatus,
    onMessage: (type, body) => workspace.handle(type, body),
    onBinary: (buffer) => workspace.cobrowseFrame(buffer),
    onAcknowledged: (frames) => workspace.acknowledged(frames),
    onRestart: () => {
      workspace.restarted();
      workspace.showNotice("The server did not keep the connection; signing in again.");
    },
  });
  workspace.attach((type, body) => connection?.send(type, body) ?? null, token, new AttachmentClient(token));
  connection.start();
}

signInForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const token = tokenInput.value;
  tokenInput.value = "";
  if (token.trim() === "") {
    signInMessage.textContent = "Enter your agent token.";
    tokenInput.setAttribute("aria-invalid", "true");
    return;
  }
  connection?.signOut();
  startSession(token);
});

signOutButton.addEventListener("click", () => connection?.signOut());

// A file dropped beside the chat would make the browser open it in place of the console.
for (const type of ["dragover", "drop"]) {
  window.addEventListener(type, (event) => {
    if (event.dataTransfer?.types.includes("Files")) event.preventDefault();
  });
}

tokenInput.focus();
