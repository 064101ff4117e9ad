import Foundation

extension Configuration {
    /// The URL schemes ``server`` may have.
    public static let serverSchemes = ["http", "https", "ws", "wss"]

    /// The URL schemes ``chatTemplateURL`` may have.
    public static let chatTemplateSchemes = ["http", "https"]

    /// Checks every rule a usable configuration follows; loading and
    /// overrides call it, and an application that builds a configuration in
    /// code may too.
    ///
    /// The rules: timeouts, intervals and wait bounds are finite and ≥ 0;
    /// `maxReconnectTimeouts` is not empty while `retryIntervals` is not;
    /// `minimumEstimatedWaitTime` ≤ `maximumEstimatedWaitTime`; `server`, when
    /// set, is an `http`, `https`, `ws` or `wss` URL with a host;
    /// `chatTemplateURL` is empty or an `http`/`https` URL with a host;
    /// `sessionStateDirectory` is empty or an absolute path; pre-chat
    /// fields and entities follow the rules on ``PrechatField`` and
    /// ``PrechatEntity``.
    ///
    /// - Parameter source: names where the configuration came from in the error.
    /// - Throws: ``ConfigurationError`` naming `source` and the first offending key.
    public func validate(source: String = "configuration") throws(ConfigurationError) {
        let path = ConfigurationPath(source: source)
        try validateServer(at: path.child("server"))
        try validateChatTemplateURL(at: path.child("chatTemplateURL"))
        try Self.validateSeconds(timeout, at: path.child("timeout"))
        try Self.validateSeconds(retryIntervals, at: path.child("retryIntervals"))
        try Self.validateSeconds(maxReconnectTimeouts, at: path.child("maxReconnectTimeouts"))
        if maxReconnectTimeouts.isEmpty, !retryIntervals.isEmpty {
            throw path.child("maxReconnectTimeouts").error(
                .invalidValue,
                "must not be empty while \"retryIntervals\" is not; give at least one timeout or make both empty")
        }
        try Self.validateSeconds(initialConnectTimeout, at: path.child("initialConnectTimeout"))
        try Self.validateSeconds(minimumEstimatedWaitTime, at: path.child("minimumEstimatedWaitTime"))
        try Self.validateSeconds(maximumEstimatedWaitTime, at: path.child("maximumEstimatedWaitTime"))
        if minimumEstimatedWaitTime > maximumEstimatedWaitTime {
            throw path.child("minimumEstimatedWaitTime").error(
                .invalidValue,
                "must not exceed \"maximumEstimatedWaitTime\" (\(JSONValue.format(maximumEstimatedWaitTime))), "
                    + "got \(JSONValue.format(minimumEstimatedWaitTime))")
        }
        for (key, folder) in [("sessionStateDirectory", sessionStateDirectory), ("receivedFilesDirectory", receivedFilesDirectory)]
        where !folder.isEmpty && !folder.hasPrefix("/") {
            throw path.child(key).error(.invalidValue, "must be an absolute path or empty, got \"\(folder)\"")
        }
        try validatePrechat(at: path)
    }

    private func validateServer(at path: ConfigurationPath) throws(ConfigurationError) {
        guard let server else { return }
        let scheme = server.scheme?.lowercased() ?? ""
        let host = server.host(percentEncoded: false) ?? ""
        guard Self.serverSchemes.contains(scheme), !host.isEmpty else {
            throw path.invalid(Expectation.server, got: .string(server.absoluteString))
        }
    }

    private func validateChatTemplateURL(at path: ConfigurationPath) throws(ConfigurationError) {
        guard !chatTemplateURL.isEmpty else { return }
        let url = URL(string: chatTemplateURL)
        let scheme = url?.scheme?.lowercased() ?? ""
        let host = url?.host(percentEncoded: false) ?? ""
        guard Self.chatTemplateSchemes.contains(scheme), !host.isEmpty else {
            throw path.invalid(Expectation.chatTemplateURL, got: .string(chatTemplateURL))
        }
    }

    private static func validateSeconds(_ seconds: TimeInterval, at path: ConfigurationPath) throws(ConfigurationError) {
        guard seconds.isFinite, seconds >= 0 else { throw path.invalid(Expectation.seconds, got: .number(seconds)) }
    }

    private static func validateSeconds(_ list: [TimeInterval], at path: ConfigurationPath) throws(ConfigurationError) {
        for (index, seconds) in list.enumerated() {
            try validateSeconds(seconds, at: path.element(index))
        }
    }

    private func validatePrechat(at path: ConfigurationPath) throws(ConfigurationError) {
        var firstIndexOfLabel: [String: Int] = [:]
        for (index, field) in prechatFields.enumerated() {
            let fieldPath = path.child("prechatFields").element(index)
            try field.validate(at: fieldPath)
            if let first = firstIndexOfLabel[field.label] {
                throw fieldPath.child("label").error(
                    .invalidValue, "must be unique, but \"\(field.label)\" is already the label of prechatFields[\(first)]")
            }
            firstIndexOfLabel[field.label] = index
        }
        let labels = prechatFields.map(\.label)
        for (index, entity) in prechatEntities.enumerated() {
            try entity.validate(at: path.child("prechatEntities").element(index), fieldLabels: labels)
        }
    }
}
