import Foundation

/// The person's remembered screen choices: per support server, the token the
/// desktop gave when the person ticked "Remember my choice" (the ScreenCast
/// portal's restore token), so that a later share of that server starts with
/// the same monitor or window and no desktop dialog. Assist's own prompt is
/// still asked every time: the token spares the desktop's dialog, not the
/// person's consent.
///
/// Kept in `screen-choices.json` (mode 0600) in the same private folder as
/// the kept session (``KeptSessionStore/defaultFolder(environment:)`` or
/// ``Configuration/sessionStateDirectory``), written atomically. A file that
/// cannot be read counts as no choice remembered and is replaced on the next
/// write.
public struct RememberedScreenChoices: Sendable {
    /// The file's name in its folder.
    public static let fileName = "screen-choices.json"

    private let file: PrivateStateFile

    /// The choices kept in `folder`.
    public init(folder: URL) {
        file = PrivateStateFile(folder: folder, name: Self.fileName)
    }

    /// The choices of a configuration's folder: its
    /// ``Configuration/sessionStateDirectory`` when set, else
    /// `$XDG_STATE_HOME/assist`; `nil` when no folder can be named.
    public init?(configuration: Configuration, environment: [String: String]) {
        guard let folder = KeptSessionStore.stateFolder(configuration: configuration, environment: environment) else {
            return nil
        }
        self.init(folder: folder)
    }

    /// The file the choices are kept in.
    public var url: URL { file.url }

    /// The remembered token for `server`, if the person asked to remember one.
    public func token(forServer server: String) -> String? {
        read()[server]
    }

    /// Remembers `token` for `server`, replacing an earlier one.
    ///
    /// - Throws: ``RememberedScreenChoicesError`` when the file cannot be written.
    public func remember(_ token: String, forServer server: String) throws(RememberedScreenChoicesError) {
        var tokens = read()
        tokens[server] = token
        try write(tokens)
    }

    /// Forgets the choice remembered for `server`, if any.
    ///
    /// - Throws: ``RememberedScreenChoicesError`` when the file cannot be written.
    public func forget(server: String) throws(RememberedScreenChoicesError) {
        var tokens = read()
        guard tokens.removeValue(forKey: server) != nil else { return }
        try write(tokens)
    }

    /// Forgets every remembered choice (the menu's "Forget Screen Choices").
    ///
    /// - Throws: ``RememberedScreenChoicesError`` when the file cannot be removed.
    public func forgetAll() throws(RememberedScreenChoicesError) {
        do throws(PrivateStateFileError) {
            try file.delete()
        } catch {
            throw RememberedScreenChoicesError(message: error.message)
        }
    }

    /// Whether any choice is remembered.
    public var isEmpty: Bool { read().isEmpty }

    /// The file as written: a format number and the tokens by server.
    private struct Contents: Codable {
        static let currentFormat = 1
        var format = Contents.currentFormat
        var tokens: [String: String]
    }

    private func read() -> [String: String] {
        guard let data = try? Data(contentsOf: file.url),
            let contents = try? JSONDecoder().decode(Contents.self, from: data),
            contents.format == Contents.currentFormat
        else { return [:] }
        return contents.tokens
    }

    private func write(_ tokens: [String: String]) throws(RememberedScreenChoicesError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do throws(PrivateStateFileError) {
            guard let data = try? encoder.encode(Contents(tokens: tokens)) else {
                throw PrivateStateFileError(message: "the screen choices cannot be encoded")
            }
            try file.write(data)
        } catch {
            throw RememberedScreenChoicesError(message: error.message)
        }
    }
}

/// Why the remembered screen choices could not be written, in one sentence
/// naming the file.
public struct RememberedScreenChoicesError: Error, Sendable, CustomStringConvertible {
    /// The sentence.
    public let message: String

    /// The sentence.
    public var description: String { message }
}
