// The chat template: wires the pre-chat form, the link to the server, the conversation, the app
// bridge and the page's buttons together. One page for the app's web view and an ordinary browser.

import { inApp, postToApp } from "./app-bridge.js";
import { downloadURL, downloadWithForm } from "./attachment-download.js";
import { deleteUpload, FileUpload } from "./attachment-upload.js";
import { renderLog } from "./chat-view.js";
import { ConsumerLink } from "./consumer-link.js";
import { Conversation } from "./conversation.js";
import { endedSentence, errorSentence, fileSentence } from "./explain.js";
import { typeForName } from "./file-type.js";
import { installMobileInterface } from "./mobile-interface.js";
import { readPageOptions } from "./page-options.js";
import { fillPrechat, prechatAnswers, readPrechat } from "./prechat-form.js";
import { PushPrompt } from "./push-prompt.js";
import { StoredValue } from "./session-store.js";
import { downloadHTML, transcriptHTML, transcriptObject } from "./transcript.js";

/** How long the page waits for the app's `OnCustomerDataReceived` before it shows the form itself. */
const CUSTOMER_DATA_WAIT_MS = 5000;

const $ = (id) => document.getElementById(id);
const options = readPageOptions();
document.documentElement.lang = options.language;

/** What a reload must know besides the conversation: the phase and the agents met. */
const pageState = new StoredValue("assist.template.page");
const restored = pageState.load();
/** `idle` (form), `queued`, `assigned`, `ended`. */
let phase = "idle";
let samlResponse = null;
const agentNames = new Map(Array.isArray(restored?.agentNames) ? restored.agentNames : []);
let currentAgent = restored?.currentAgent ?? null;
let typingTimer = null;
/** The person's files still uploading, by conversation key. */
const uploads = new Map();
const logActions = { onFile: openFile, onCancel: (key) => uploads.get(key)?.cancel() };

function remember() {
  if (phase === "ended") pageState.clear();
  else pageState.save({ phase, currentAgent, agentNames: [...agentNames] });
}

const conversation = new Conversation(new StoredValue("assist.template.conversation"), () =>
  renderLog($("log"), conversation.entries, logActions));
const link = new ConsumerLink(
  `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/v1/consumer`,
  new StoredValue("assist.template.link"),
  { onWelcome, onMessage, onLost, onConnection });
const pushStore = new StoredValue("assist.template.pushes");
if (!link.canResume) pushStore.clear(); // a new chat: another session's pushes are not its own
const pushes = new PushPrompt($("push"), answerPush, pushStore);

installMobileInterface({
  closeChat: () => endChat(),
  showCloseButton: (visible) => { $("close").hidden = !visible; },
  customerData,
});

/** A fresh clientMessageId (§6.6): 128 random bits in hex; `crypto.randomUUID` needs a secure context. */
function newClientMessageId() {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function setStatus(text) {
  $("status").textContent = text;
}

function showProblem(text) {
  $("problem").textContent = text;
  $("problem").hidden = !text;
}

function showChat() {
  $("prechat").hidden = true;
  $("chat").hidden = false;
  $("save").disabled = false;
  $("print").disabled = false;
  renderLog($("log"), conversation.entries, logActions);
}

function startChat(answers) {
  if (!options.entryPointId) {
    showProblem("This chat link has no entry point; please use the link from the website again.");
    return;
  }
  conversation.begin(answers.visitorName);
  const hello = { versions: [1], destination: options.entryPointId, visitorName: answers.visitorName, preChat: prechatAnswers(answers) };
  if (samlResponse) hello.entityMapping = { SAMLResponse: samlResponse };
  phase = "queued";
  remember();
  showChat();
  setStatus("Connecting…");
  link.start(hello);
  $("message").focus();
}

function onWelcome(body, { isNew, afterReload }) {
  conversation.setSession(body.sessionId);
  if (isNew) postToApp("IOSChatStarted", body.sessionId);
  if (isNew || afterReload) postToApp("IOSSetSessionId", body.sessionId);
  showProblem("");
  if (phase === "idle") phase = "queued";
  if (phase === "assigned") setStatus(`Chatting with ${currentAgent?.name ?? "an agent"}`);
}

function onConnection(state) {
  if (state === "reconnecting" && phase !== "ended") setStatus("Connection lost; reconnecting…");
}

function onMessage(type, body) {
  switch (type) {
    case "queueUpdate":
      if (phase === "queued") setStatus(queueText(body));
      break;
    case "agentJoined":
    case "agentLeft":
      agentChanged(type === "agentJoined", body.agent);
      break;
    case "chat":
      conversation.addServerChat(body, agentNames);
      $("typing").hidden = true;
      break;
    case "chatReceipt":
      conversation.applyReceipt(body);
      break;
    case "typing":
      $("typing").textContent = `${agentNames.get(body.agentId) ?? "The agent"} is typing…`;
      $("typing").hidden = body.isTyping !== true;
      break;
    case "push":
      if (body.content && typeof body.content.url === "string" && typeof body.requestId === "string") {
        pushes.offer({ requestId: body.requestId, url: body.content.url, agentName: agentNames.get(body.agentId) ?? "The agent" });
      }
      break;
    case "screenShareRequest":
    case "controlRequest":
      link.send(type === "screenShareRequest" ? "screenShareAnswer" : "controlAnswer", { requestId: body.requestId, accepted: false });
      break;
    case "sessionEnded":
      sessionEnded(String(body.reason ?? ""));
      break;
    case "error":
      showProblem(errorSentence(body));
      break;
    default:
      break;
  }
}

function queueText(body) {
  const position = Number(body.position);
  const wait = Number(body.estimatedWaitSeconds);
  const waitText = Number.isFinite(wait) && wait > 0 ? ` · about ${Math.max(1, Math.round(wait / 60))} min` : "";
  return position > 0 ? `You are number ${position} in the queue${waitText}` : `An agent will be with you shortly${waitText}`;
}

function agentChanged(joined, agent) {
  if (!agent || typeof agent.id !== "string") return;
  const name = typeof agent.name === "string" ? agent.name : "The agent";
  agentNames.set(agent.id, name);
  conversation.addSystem(`${joined ? "joined" : "left"}:${agent.id}:${conversation.entries.length}`,
    joined ? `${name} joined the chat` : `${name} left the chat`);
  if (joined) {
    currentAgent = { id: agent.id, name };
    phase = "assigned";
    setStatus(`Chatting with ${name}`);
  } else if (currentAgent?.id === agent.id) {
    currentAgent = null;
    phase = "queued";
    setStatus("Waiting for the next agent…");
  }
  remember();
}

function sessionEnded(reason) {
  if (phase === "ended") return;
  const sentence = endedSentence(reason, currentAgent?.name);
  conversation.addSystem(`ended:${reason}`, sentence);
  phase = "ended";
  remember();
  setStatus(sentence);
  pushes.clear();
  for (const upload of uploads.values()) upload.cancel();
  $("typing").hidden = true;
  $("composer").hidden = true;
  link.stop();
  conversation.forget();
  postToApp("IOSChatEnded", reason);
}

function onLost(reason) {
  if (phase === "ended") return;
  if (reason === "rejected") {
    showProblem(errorSentence({ code: "resumeRejected" }));
    sessionEnded("gracePeriodExpired");
  } else {
    sessionEnded("serverShutdown");
  }
}

/** Ends the chat: `endSession`, or `leaveQueue` while queued; before a session exists, just stops. */
function endChat() {
  if (phase === "queued") link.send("leaveQueue");
  else if (phase === "assigned") link.send("endSession");
  else if (phase === "idle") {
    phase = "ended";
    $("prechat").hidden = true;
    setStatus("The chat has ended.");
    postToApp("IOSChatEnded", "consumerEnded");
  }
}

function customerData(data) {
  if (phase !== "idle") return;
  if (typeof data.SAMLResponse === "string") samlResponse = data.SAMLResponse;
  if (fillPrechat($("prechat"), data)) {
    startChat(Object.fromEntries(["visitorName", "email", "question"].map((name) => [name, $(name).value.trim()])));
  } else {
    $("prechat").hidden = false;
  }
}

function openFile(attachment) {
  const url = downloadURL(attachment);
  if (!url || !conversation.sessionId) {
    showProblem("This file cannot be downloaded from here.");
    return;
  }
  if (inApp()) postToApp("IOSDownloadAttachment", url);
  else downloadWithForm(url, conversation.sessionId);
}

/**
 * Sends one of the person's files as the app does: it shows at once, uploads with the session's
 * token (once the server has answered; while queued too), and its chat message carries the ticket.
 */
function sendFile(file) {
  if (phase === "idle" || phase === "ended") return;
  const clientMessageId = newClientMessageId();
  const key = `c:${clientMessageId}`;
  conversation.addOwnFile(clientMessageId, {
    name: file.name, size: file.size, mediaType: typeForName(file.name) ?? (file.type || "application/octet-stream"),
  });
  const token = link.resumeToken;
  if (!token) {
    conversation.uploadFailed(clientMessageId, fileSentence("notYet"), false);
    return;
  }
  const upload = new FileUpload(file, token, {
    onStarted: (attachmentId) => conversation.uploadStarted(clientMessageId, attachmentId),
    onProgress: (received) => conversation.uploadProgress(clientMessageId, received),
  });
  uploads.set(key, upload);
  upload.send().then(({ attachment, ticket }) => {
    if (phase === "ended") {
      upload.cancel();
      conversation.uploadFailed(clientMessageId, fileSentence("ended"), false);
      return;
    }
    conversation.uploadDone(clientMessageId, attachment);
    link.send("chat", { clientMessageId, text: attachment.name, attachmentTicket: ticket });
  }, (failure) => {
    const ended = failure.cancelled && phase === "ended";
    conversation.uploadFailed(clientMessageId, ended ? fileSentence("ended") : failure.sentence, failure.cancelled && !ended);
  }).finally(() => uploads.delete(key));
}

/** Whether a drag carries files from the desktop. */
function carriesFiles(event) {
  return Boolean(event.dataTransfer?.types?.includes("Files"));
}

function answerPush(push, accepted) {
  link.send("pushAnswer", { requestId: push.requestId, accepted });
  if (!accepted) return;
  if (inApp()) window.location.assign(push.url);
  else window.open(push.url, "_blank", "noopener");
}

$("prechat").addEventListener("submit", (event) => {
  event.preventDefault();
  const answers = readPrechat($("prechat"));
  if (answers) startChat(answers);
});

$("composer").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("message").value.trim();
  if (!text || phase === "ended") return;
  const clientMessageId = newClientMessageId();
  conversation.addOwn(clientMessageId, text);
  link.send("chat", { clientMessageId, text });
  link.send("typing", { isTyping: false });
  $("message").value = "";
});

$("message").addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey) {
    event.preventDefault();
    $("composer").requestSubmit();
  }
});

$("attach").addEventListener("click", () => $("files").click());

$("files").addEventListener("change", () => {
  for (const file of $("files").files) sendFile(file);
  $("files").value = "";
});

// Files dropped on the chat are sent; anywhere else on the page a drop does nothing (rather than the
// browser leaving the chat to show the file).
window.addEventListener("dragover", (event) => {
  if (!carriesFiles(event)) return;
  event.preventDefault();
  const accepted = !$("chat").hidden && phase !== "ended" && $("chat").contains(event.target);
  event.dataTransfer.dropEffect = accepted ? "copy" : "none";
  $("chat").classList.toggle("dropping", accepted);
});

window.addEventListener("dragleave", (event) => {
  if (!event.relatedTarget || !$("chat").contains(event.relatedTarget)) $("chat").classList.remove("dropping");
});

window.addEventListener("drop", (event) => {
  if (!carriesFiles(event)) return;
  event.preventDefault();
  $("chat").classList.remove("dropping");
  if ($("chat").hidden || !$("chat").contains(event.target)) return;
  for (const file of event.dataTransfer.files) sendFile(file);
});

$("message").addEventListener("input", () => {
  if (typingTimer === null) link.send("typing", { isTyping: true });
  clearTimeout(typingTimer);
  typingTimer = setTimeout(() => {
    typingTimer = null;
    link.send("typing", { isTyping: false });
  }, 3000);
});

$("close").addEventListener("click", () => {
  if (phase === "ended") return;
  if (!window.confirm("End this chat?")) return;
  endChat();
  postToApp("IOSChatClosed", "");
});

$("save").addEventListener("click", () => {
  if (inApp()) postToApp("IOSSaveTranscript", JSON.stringify(transcriptObject(conversation)));
  else downloadHTML(transcriptHTML(conversation), conversation.sessionId);
});

$("print").addEventListener("click", () => {
  if (inApp()) postToApp("IOSPrintTranscript", JSON.stringify(transcriptObject(conversation)));
  else window.print();
});

// A page brought back from the back/forward cache (the person, or the app, went back to the chat
// after a pushed page) starts again as after a reload, so it resumes and tells the app the session.
window.addEventListener("pageshow", (event) => {
  if (event.persisted) window.location.reload();
});

if (link.canResume) {
  phase = restored?.phase === "assigned" && currentAgent ? "assigned" : "queued";
  for (const attachmentId of conversation.abandonUploads(fileSentence("reloaded"))) deleteUpload(attachmentId, link.resumeToken);
  showChat();
  setStatus("Reconnecting to your chat…");
  link.start();
} else if (options.postChatAttributes && inApp()) {
  setStatus("Getting your details…");
  postToApp("IOSGetCustomerData", "");
  setTimeout(() => {
    if (phase === "idle" && $("prechat").hidden) {
      setStatus("Tell us who you are to start.");
      $("prechat").hidden = false;
    }
  }, CUSTOMER_DATA_WAIT_MS);
} else {
  $("prechat").hidden = false;
}
