public import AssistCore
import Foundation

extension CallIceServers {
    /// The protocol's ICE servers (`welcome`'s `iceServers`, §13.1) as
    /// webrtcbin takes them: the first STUN URL as `stun://host:port`, every
    /// TURN URL as `turn://user:credential@host:port` (user and credential
    /// percent-encoded), keeping a `?transport=` query. Other URLs, and
    /// `stuns:` which webrtcbin cannot use, are left out.
    public init(_ servers: [IceServer]) {
        var stun: String?
        var turn: [String] = []
        for server in servers {
            for url in server.urls {
                guard let colon = url.firstIndex(of: ":") else { continue }
                let scheme = url[..<colon].lowercased()
                let rest = url[url.index(after: colon)...].drop { $0 == "/" }
                switch scheme {
                case "stun" where stun == nil:
                    stun = "stun://\(rest)"
                case "turn", "turns":
                    let user = Self.escaped(server.username ?? "")
                    let credential = Self.escaped(server.credential ?? "")
                    turn.append("\(scheme)://\(user):\(credential)@\(rest)")
                default:
                    continue
                }
            }
        }
        self.init(stunServer: stun, turnServers: turn)
    }

    private static func escaped(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
