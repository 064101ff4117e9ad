import Foundation

/// Where the consumer's WebSocket connects for a support server URL:
/// `http` becomes `ws`, `https` becomes `wss`, and the path is
/// `/v1/consumer` under the server's own path.
public enum ConsumerEndpoint {
    /// The consumer endpoint of `server`, or `nil` when `server` is not an
    /// `http`, `https`, `ws` or `wss` URL with a host.
    public static func url(forServer server: URL) -> URL? {
        guard var components = URLComponents(url: server, resolvingAgainstBaseURL: false),
            components.host?.isEmpty == false
        else { return nil }
        switch components.scheme?.lowercased() {
        case "http", "ws": components.scheme = "ws"
        case "https", "wss": components.scheme = "wss"
        default: return nil
        }
        let base = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = base + "/v1/consumer"
        components.query = nil
        components.fragment = nil
        return components.url
    }
}
