/// How a support code is read out.
public enum SupportCodeText {
    /// The code spelt one character at a time for a screen reader, e.g.
    /// "K 7 Q 2 M 9" for `K7Q2M9`; spaces and dashes in the code are dropped.
    public static func spelled(_ code: String) -> String {
        code.filter { !$0.isWhitespace && $0 != "-" }.map(String.init).joined(separator: " ")
    }
}
