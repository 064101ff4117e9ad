extension WireReader {
    /// A ``ShareScope`` string: `window` or `screen`; ``ShareScope/window``
    /// when the member is absent (a request from before §12.8).
    func shareScope(_ key: String) throws -> ShareScope {
        guard let raw = try textIfPresent(key, max: ProtocolLimits.maxIdentifier) else { return .window }
        guard let scope = ShareScope(rawValue: raw) else { throw problem(key, "must be \"window\" or \"screen\"") }
        return scope
    }

    /// The scopes an app offers: the known names of an array of at most
    /// ``ProtocolLimits/maxShareScopes`` strings (unknown names are left
    /// out); ``ShareScope/unannounced`` when the member is absent.
    func shareScopes(_ key: String) throws -> [ShareScope] {
        guard try has(key) else { return ShareScope.unannounced }
        return ShareScope.known(try texts(key, max: ProtocolLimits.maxShareScopes, maxLength: ProtocolLimits.maxIdentifier))
    }

    /// Whether the app offers something it may leave unsaid — control of
    /// the screen (§12.9), a screen as a video track (§13.5): the member's
    /// boolean, `false` when it is absent (an app from before).
    func offered(_ key: String) throws -> Bool {
        try has(key) ? try bool(key) : false
    }

    /// A ``SharedSource`` string, or `nil` when the member is absent.
    func sharedSourceIfPresent(_ key: String) throws -> SharedSource? {
        guard let raw = try textIfPresent(key, max: ProtocolLimits.maxIdentifier) else { return nil }
        guard let source = SharedSource(rawValue: raw) else {
            throw problem(key, "must be one of \(SharedSource.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return source
    }
}

extension WireWriter {
    /// Writes `scope`, leaving ``ShareScope/window`` out so that a request
    /// for the app's window reads as it did before §12.8.
    mutating func shareScope(_ scope: ShareScope, _ key: String) throws {
        if scope != .window { try text(scope.rawValue, key, max: ProtocolLimits.maxIdentifier) }
    }

    /// Writes `true` when the app offers it (control of the screen, §12.9;
    /// a screen as a video track, §13.5), and nothing otherwise, so an app
    /// that does not offer it reads as before.
    mutating func offered(_ offered: Bool, _ key: String) throws {
        if offered { try encode(true, key) }
    }

    /// Writes the offered `scopes`, leaving ``ShareScope/unannounced`` out.
    mutating func shareScopes(_ scopes: [ShareScope], _ key: String) throws {
        if scopes != ShareScope.unannounced { try array(scopes.map(\.rawValue), key, max: ProtocolLimits.maxShareScopes) }
    }
}
