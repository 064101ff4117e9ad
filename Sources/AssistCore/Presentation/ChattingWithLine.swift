import Foundation

/// The line naming whom the person chats with, above the chat and on the
/// minimized card.
public enum ChattingWithLine {
    /// "Chatting with Sam", or "Chatting with an agent" when the name is
    /// blank or not known yet.
    public static func text(agentName: String?) -> String {
        let name = agentName?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return name.isEmpty ? localized("Chatting with an agent") : localized("Chatting with {name}", ["name": name])
    }
}
