import AssistGtk
import CWebKit
import Foundation

/// The template seed's bridge, made to exist only in the template's own top
/// frame: WebKitGTK's script messages say nothing of the frame that posted
/// them, so the seed's names are never registered with WebKit.
///
/// The one real handler has a random private name in an isolated script
/// world (``world``): no page script, in any frame, can reach it. Two
/// scripts run at document start in the **top frame only**, and only while
/// its document has the template's origin:
/// - in the page's world, `window.webkit.messageHandlers` becomes a frozen
///   object with the seed's names, whose `postMessage(body)` dispatches a DOM
///   event (its name random too) carrying the handler name and the body as
///   JSON text on the top document;
/// - in the isolated world, a listener on that document relays the text to
///   the private handler.
/// A foreign frame has its own document and no forwarders; the top frame,
/// once it shows another origin, gets neither script. The view checks the
/// top frame's origin again when a message arrives.
@MainActor
struct ChatTemplateBridge {
    /// The isolated world of the relay and of the private handler.
    let world: String
    /// The private handler's name.
    let handlerName: String
    private let eventName: String
    private let origin: String

    /// A bridge for a template at `origin`, with fresh random names.
    init(origin: String) {
        let token = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        world = "assist-chat-template-\(token)"
        handlerName = "assistTemplate\(token)"
        eventName = "assist-template-\(token)"
        self.origin = origin
    }

    /// Registers the private handler and adds both scripts to `manager`
    /// (a `WebKitUserContentManager`).
    func install(in manager: OpaquePointer) {
        webkit_user_content_manager_register_script_message_handler(manager, handlerName, world)
        let pageWorld = webkit_user_script_new(
            forwarders, WEBKIT_USER_CONTENT_INJECT_TOP_FRAME, WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START, nil, nil)
        let isolated = webkit_user_script_new_for_world(
            relay, WEBKIT_USER_CONTENT_INJECT_TOP_FRAME, WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START, world, nil, nil)
        for script in [pageWorld, isolated] {
            webkit_user_content_manager_add_script(manager, script)
            webkit_user_script_unref(script)
        }
    }

    /// The handler name and body of a relayed message, or `nil` when it is
    /// not one the forwarders make.
    static func decode(_ text: String) -> (name: String, body: String)? {
        struct Relayed: Decodable {
            var name: String
            var body: String
        }
        guard let relayed = try? JSONDecoder().decode(Relayed.self, from: Data(text.utf8)) else { return nil }
        return (relayed.name, relayed.body)
    }

    /// `text` as a JavaScript string literal (JSON's string syntax).
    static func literal(_ text: String) -> String {
        let encoded = try? JSONEncoder().encode([text])
        let array = encoded.map { String(decoding: $0, as: UTF8.self) } ?? "[\"\"]"
        return String(array.dropFirst().dropLast())
    }

    private var names: String {
        "[" + ChatTemplateMessage.handlerNames.map(Self.literal).joined(separator: ", ") + "]"
    }

    /// The page world's forwarders (top frame, template origin only).
    private var forwarders: String {
        """
        (function () {
          'use strict';
          if (window !== window.top || location.origin !== \(Self.literal(origin))) return;
          var root = document, dispatch = EventTarget.prototype.dispatchEvent, Custom = CustomEvent, stringify = JSON.stringify;
          var handlers = {};
          \(names).forEach(function (name) {
            handlers[name] = Object.freeze({ postMessage: function (body) {
              var text = typeof body === 'string' ? body : (body === undefined || body === null ? '' : stringify(body));
              dispatch.call(root, new Custom(\(Self.literal(eventName)), { detail: stringify({ name: name, body: String(text) }) }));
            } });
          });
          Object.defineProperty(window, 'webkit', { value: Object.freeze({ messageHandlers: Object.freeze(handlers) }) });
        })();
        """
    }

    /// The isolated world's relay (top frame, template origin only).
    private var relay: String {
        """
        (function () {
          'use strict';
          if (window !== window.top || location.origin !== \(Self.literal(origin))) return;
          var handler = window.webkit.messageHandlers[\(Self.literal(handlerName))];
          document.addEventListener(\(Self.literal(eventName)), function (event) {
            if (typeof event.detail === 'string') handler.postMessage(event.detail);
          });
        })();
        """
    }
}
