/// The text of a timed frame (a chat message, an echo), which names its
/// sample so the receiving side can tell which one arrived.
enum SampleText {
    private static let prefix = "sample "

    /// The text of sample `index`.
    static func text(for index: Int) -> String {
        prefix + String(index)
    }

    /// The sample a text names, or `nil` for any other text.
    static func sample(in text: String) -> Int? {
        guard text.hasPrefix(prefix) else { return nil }
        return Int(text.dropFirst(prefix.count))
    }
}
