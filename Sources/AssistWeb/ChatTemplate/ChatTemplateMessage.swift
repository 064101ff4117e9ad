import AssistCore
import Foundation

/// A message a chat template's page posts to the app with
/// `window.webkit.messageHandlers.NAME.postMessage(body)` — the template
/// seed's iOS bridge — read from its handler name and body.
public enum ChatTemplateMessage: Sendable, Hashable {
    /// `IOSChatStarted`: the server welcomed a new session.
    case chatStarted(sessionID: String)
    /// `IOSSetSessionId`: the session's id, for downloads.
    case sessionID(String)
    /// `IOSChatClosed`: the person closed the chat with the template's Close button.
    case chatClosed
    /// `IOSChatEnded`: the session ended, for `reason`.
    case chatEnded(reason: String)
    /// `IOSGetCustomerData`: the page asks for the customer's data.
    case customerDataRequested
    /// `IOSSaveTranscript`: the person asked to save the transcript.
    case saveTranscript(TemplateTranscript)
    /// `IOSPrintTranscript`: the person asked to print the transcript.
    case printTranscript(TemplateTranscript)
    /// `IOSDownloadAttachment`: the person clicked a file; its download URL.
    case downloadAttachment(String)

    /// The handler names the page finds under `window.webkit.messageHandlers`;
    /// `IOSInterface` only says the page runs in the app.
    public static let handlerNames = [
        "IOSInterface", "IOSChatStarted", "IOSSetSessionId", "IOSChatClosed", "IOSChatEnded", "IOSGetCustomerData",
        "IOSSaveTranscript", "IOSPrintTranscript", "IOSDownloadAttachment",
    ]

    /// The message posted to handler `name` with `body` (a non-string body
    /// arrives as its JSON); `nil` for `IOSInterface` and unknown names.
    public init?(name: String, body: String) {
        switch name {
        case "IOSChatStarted": self = .chatStarted(sessionID: body)
        case "IOSSetSessionId": self = .sessionID(body)
        case "IOSChatClosed": self = .chatClosed
        case "IOSChatEnded": self = .chatEnded(reason: body)
        case "IOSGetCustomerData": self = .customerDataRequested
        case "IOSSaveTranscript": self = .saveTranscript(TemplateTranscript(body: body))
        case "IOSPrintTranscript": self = .printTranscript(TemplateTranscript(body: body))
        case "IOSDownloadAttachment": self = .downloadAttachment(body)
        default: return nil
        }
    }
}
