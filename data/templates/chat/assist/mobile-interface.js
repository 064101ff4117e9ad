// `window.MobileInterface`: what the app calls in the page (docs/chat-template.md, "App → page").

/**
 * Defines `window.MobileInterface` with the contract's three methods, each forwarded to `actions`:
 * `closeChat()`, `showCloseButton(visible)` and `customerData(object)`.
 */
export function installMobileInterface(actions) {
  window.MobileInterface = Object.freeze({
    CloseChat() {
      actions.closeChat();
    },
    ShowCloseButton(visible) {
      actions.showCloseButton(visible !== false && visible !== "false");
    },
    OnCustomerDataReceived(json) {
      let data = null;
      try {
        data = typeof json === "string" ? JSON.parse(json) : json;
      } catch {
        data = null;
      }
      actions.customerData(data && typeof data === "object" && !Array.isArray(data) ? data : {});
    },
  });
}
