import Foundation

/// What the chat composer sends.
public enum ComposerText {
    /// The message to send for what the person typed, without surrounding
    /// spaces and blank lines; `nil` when there is nothing but whitespace,
    /// so nothing is sent.
    public static func outgoing(_ typed: String) -> String? {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
