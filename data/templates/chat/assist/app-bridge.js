// The page's side of the app bridge: posts to the app's message handlers when the page runs inside
// the app (docs/chat-template.md, "Page → app"); in a browser every post is a no-op.

/** Whether the page was launched in the app: its `IOSInterface` handler exists. */
export function inApp() {
  return Boolean(window.webkit?.messageHandlers?.IOSInterface);
}

/** Posts `body` to the app's handler `name`; nothing happens in a browser or when that handler is missing. */
export function postToApp(name, body) {
  const handler = inApp() ? window.webkit.messageHandlers[name] : null;
  if (handler && typeof handler.postMessage === "function") handler.postMessage(body);
}
