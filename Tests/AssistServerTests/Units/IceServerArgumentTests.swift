import AssistCore
import AssistServer
import Testing

@Suite("--ice-server values")
struct IceServerArgumentTests {
    @Test("A STUN URL is taken as it is; a TURN URL's credentials go apart, %XX decoded")
    func goodValues() throws {
        #expect(try IceServerArgument.parse("stun:stun.example.com:3478") == IceServer(urls: ["stun:stun.example.com:3478"]))
        #expect(try IceServerArgument.parse("stuns:stun.example.com") == IceServer(urls: ["stuns:stun.example.com"]))
        #expect(
            try IceServerArgument.parse("turn:ann:s%40cr%3Aet@turn.example.com:3478?transport=udp")
                == IceServer(urls: ["turn:turn.example.com:3478?transport=udp"], username: "ann", credential: "s@cr:et"))
        #expect(
            try IceServerArgument.parse("turns:ann:pw@[2001:db8::1]:5349")
                == IceServer(urls: ["turns:[2001:db8::1]:5349"], username: "ann", credential: "pw"))
    }

    static let badValues: [(String, String)] = [
        ("http://stun.example.com", "must start with stun:, stuns:, turn: or turns:"),
        ("stun:", "names no valid host"),
        ("stun:host:0", "the port must be a number from 1 to 65535"),
        ("stun:host:http", "the port must be a number from 1 to 65535"),
        ("stun:ann:pw@host", "a STUN server takes no user name or credential"),
        ("stun:host?transport=udp", "a STUN URL takes no ?transport"),
        ("turn:host:3478", "a TURN server needs USER:CREDENTIAL@ before its host"),
        ("turn:ann@host", "write the TURN credentials as USER:CREDENTIAL@HOST"),
        ("turn:ann:@host", "the credential is empty or has a broken %XX escape"),
        ("turn:ann:pw%zz@host", "the credential is empty or has a broken %XX escape"),
        ("turn:ann:pw@host?transport=sctp", "the only query allowed is ?transport=udp or ?transport=tcp"),
    ]

    @Test("A bad value is refused with an error naming the option and the problem", arguments: badValues)
    func badValue(_ value: String, _ problem: String) {
        #expect {
            try IceServerArgument.parse(value)
        } throws: { error in
            let text = (error as? IceServerArgument.Problem)?.description ?? ""
            return text.hasPrefix("--ice-server ") && text.contains(problem)
        }
    }

    @Test("An error never shows the credential")
    func credentialNotShown() {
        #expect {
            try IceServerArgument.parse("turn:ann:topsecret@host?transport=carrier-pigeon")
        } throws: { error in
            let text = (error as? IceServerArgument.Problem)?.description ?? ""
            return !text.contains("topsecret") && text.contains("@host")
        }
    }

    @Test("At most eight servers may be given")
    func atMostEight() throws {
        #expect(try IceServerArgument.parse(all: Array(repeating: "stun:a", count: 8)).count == 8)
        #expect(throws: IceServerArgument.Problem.self) { try IceServerArgument.parse(all: Array(repeating: "stun:a", count: 9)) }
    }
}
