import Foundation

/// The page the web view's co-browse capture is measured on: the support
/// form of ``CobrowseBenchWindow`` written in HTML — a heading, labelled
/// fields, a password, a notes field, check boxes and buttons — with the
/// account number's row (`id="account"`) for the marker only some agents may
/// view, so both captures mask the same things.
enum WebBenchPage {
    /// The page's HTML.
    static let html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Billing question</title>
        <style>
          body { font: 15px system-ui, sans-serif; margin: 24px; color: #222; background: #fafafa; }
          h1 { font-size: 20px; margin: 0 0 12px; }
          .row { display: flex; gap: 12px; align-items: center; margin: 8px 0; }
          .row label { width: 160px; }
          .row input { flex: 1; padding: 6px; }
          textarea { width: 100%; height: 140px; box-sizing: border-box; margin: 8px 0; }
          .buttons { display: flex; justify-content: flex-end; gap: 12px; }
          button.send { background: #3584e4; color: white; border: 0; padding: 6px 14px; border-radius: 6px; }
        </style></head>
        <body>
          <h1>Billing question</h1>
          <div class="row"><label for="name">Name</label><input id="name" value="Sample name"></div>
          <div class="row"><label for="email">Email</label><input id="email" value="Sample email"></div>
          <div class="row"><label for="phone">Phone</label><input id="phone" value="Sample phone"></div>
          <div class="row"><label for="order">Order number</label><input id="order" value="Sample order number"></div>
          <div class="row" id="account"><label for="number">Account number</label><input id="number" value="Sample account number"></div>
          <div class="row"><label for="password">Password</label><input id="password" type="password" value="correct horse battery staple"></div>
          <textarea>I was charged twice for the same order. The second charge appeared on the 3rd.</textarea>
          <div><label><input type="checkbox"> Email me a copy of this chat</label></div>
          <div><label><input type="checkbox"> I am the account holder</label></div>
          <div class="buttons"><button>Cancel</button><button class="send">Send</button></div>
        </body></html>
        """

    /// The element id that gets the marker, and the marker.
    static let markedElement = (id: "account", marker: "account")

    /// The smallest page the template route can serve: one line of text,
    /// the baseline of the template's first paint.
    static let minimal = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Minimal</title></head>
        <body><p>Hello</p></body></html>
        """
}
