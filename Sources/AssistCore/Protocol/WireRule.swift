import Foundation

/// The value rules both the reader and the writer enforce. Each returns the
/// problem with a value, or `nil` when it is acceptable.
enum WireRule {
    /// A text of at most `max` characters, non-empty unless `allowEmpty`, with
    /// no NUL: C libraries (GTK's labels among them) end a string there, so a
    /// NUL would let what a person sees differ from what is stored.
    static func text(_ value: String, max: Int, allowEmpty: Bool = false) -> String? {
        if !allowEmpty, value.isEmpty { return "must not be empty" }
        if value.unicodeScalars.count > max { return "longer than \(max) characters" }
        if value.unicodeScalars.contains("\0") { return "must not contain NUL (U+0000)" }
        return nil
    }

    /// An integer in `min...ProtocolLimits.maxInteger`.
    static func integer(_ value: Int, min: Int) -> String? {
        if value < min { return "must be at least \(min)" }
        if value > ProtocolLimits.maxInteger { return "must be at most \(ProtocolLimits.maxInteger)" }
        return nil
    }

    /// The JSON number `number` as an `Int`, or `nil` when it is not a whole
    /// number or its magnitude exceeds ``ProtocolLimits/maxInteger``.
    static func wholeNumber(_ number: Double) -> Int? {
        guard number.isFinite, number.rounded(.towardZero) == number,
            abs(number) <= Double(ProtocolLimits.maxInteger)
        else { return nil }
        return Int(number)
    }

    /// An absolute `http` or `https` URL of at most ``ProtocolLimits/maxURL`` characters.
    static func webURL(_ url: URL) -> String? {
        if let problem = text(url.absoluteString, max: ProtocolLimits.maxURL) { return problem }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else { return "must be an absolute http or https URL" }
        return nil
    }
}
