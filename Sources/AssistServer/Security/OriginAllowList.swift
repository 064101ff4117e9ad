import Foundation
import Synchronization

/// The exact `Origin` values agent endpoints accept.
///
/// By default only the server's own origin (the agent console it serves);
/// operators add more with `--allow-origin`. The own origin is known only
/// once the socket is bound (`--port 0`), so it is filled in then.
public final class OriginAllowList: Sendable {
    private let origins: Mutex<Set<String>>

    /// Creates a list holding `origins` (e.g. `https://console.example.com`).
    public init(_ origins: Set<String> = []) {
        self.origins = Mutex(Set(origins.map(Self.normalized)))
    }

    /// Adds an origin, such as the server's own once it is bound.
    public func allow(_ origin: String) {
        origins.withLock { _ = $0.insert(Self.normalized(origin)) }
    }

    /// Whether a request with this `Origin` header may use an agent endpoint:
    /// every origin it names must be on the list. A missing or empty header
    /// is refused: browsers always send one on WebSocket upgrades and
    /// cross-origin requests, and other clients can set it.
    public func permits(_ origin: String?) -> Bool {
        let named = (origin ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !named.isEmpty, !named.contains(where: \.isEmpty) else { return false }
        return origins.withLock { allowed in named.allSatisfy { allowed.contains(Self.normalized($0)) } }
    }

    /// Whether a request with this `Origin` header may open the consumer
    /// endpoint. Native apps send no `Origin`, or a `ws:`/`wss:` one (the
    /// WebSocket client library's); a browser always sends the page's own
    /// `http(s)` origin, or `null`, so a web page may connect only from an
    /// origin on the list. This keeps any site a person visits from opening
    /// support sessions in their name.
    public func permitsConsumer(_ origin: String?) -> Bool {
        let named = (origin ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return origins.withLock { allowed in
            named.allSatisfy { value in
                let normalized = Self.normalized(value)
                return normalized.hasPrefix("ws://") || normalized.hasPrefix("wss://") || allowed.contains(normalized)
            }
        }
    }

    /// Origins compare without case and without a trailing slash.
    private static func normalized(_ origin: String) -> String {
        var value = origin.lowercased()
        while value.hasSuffix("/") { value.removeLast() }
        return value
    }
}
