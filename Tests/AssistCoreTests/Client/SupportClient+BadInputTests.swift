import AssistCore
import Foundation
import Testing

@Suite("Support client: bad server addresses")
struct SupportClientBadInputTests {
    private let submission = PrechatSubmission(answers: [], visitorName: nil)

    @Test("no configured server is refused with a sentence pointing at the settings")
    func noServer() {
        #expect(throws: UserFacingError(message: "No support server is configured.", remedy: .checkSettings)) {
            try SupportClient(configuration: Configuration(), submission: submission)
        }
    }

    @Test("a new session without a destination or a session token is refused with a sentence pointing at the settings")
    func noDestination() {
        var configuration = Configuration()
        configuration.server = URL(string: "http://127.0.0.1:9")
        let error = #expect(throws: UserFacingError.self) {
            try SupportClient(configuration: configuration, submission: submission)
        }
        #expect(error?.remedy == .checkSettings)
        #expect(error?.message.contains("\"destination\"") == true)
        configuration.sessionToken = "escalated-session-token"
        #expect(throws: Never.self) { try SupportClient(configuration: configuration, submission: submission) }
        configuration.sessionToken = ""
        configuration.destination = "support"
        #expect(throws: Never.self) { try SupportClient(configuration: configuration, submission: submission) }
    }

    @Test("a server address that is not http(s) or ws(s) is refused with a sentence pointing at the address")
    func malformedServer() {
        var configuration = Configuration()
        configuration.server = URL(string: "ftp://example.com")
        let error = #expect(throws: UserFacingError.self) {
            try SupportClient(configuration: configuration, submission: submission)
        }
        #expect(error?.remedy == .checkServerAddress)
    }

    @Test("the consumer endpoint keeps the server's path, port and TLS", arguments: [
        ("http://127.0.0.1:8080", "ws://127.0.0.1:8080/v1/consumer"),
        ("https://support.example.com/assist/", "wss://support.example.com/assist/v1/consumer"),
        ("ws://host", "ws://host/v1/consumer"),
    ])
    func consumerEndpoint(server: String, expected: String) throws {
        let url = try #require(URL(string: server))
        #expect(ConsumerEndpoint.url(forServer: url)?.absoluteString == expected)
    }

    @Test("a close code the session cannot resume after gives its own sentence", arguments: [
        (UInt16(4001), "This app and the support server speak different versions of the support protocol."),
        (UInt16(4002), "The support session could not be resumed after the connection was lost."),
    ])
    func closeCodeSentence(code: UInt16, message: String) {
        let closure = LinkClosure(code: CloseCode(rawValue: code), reason: nil)
        #expect(!closure.allowsResume)
        #expect(UserFacingError(closure).message == message)
    }

    @Test("a connection lost without a close frame is resumed")
    func dropIsResumed() {
        #expect(LinkClosure(code: nil, reason: nil).allowsResume)
        #expect(LinkClosure(code: .goingAway, reason: nil).allowsResume)
    }
}
