import AssistCore
import Foundation
import Testing

@Suite("User-facing errors")
struct UserFacingErrorTests {
    @Test("connection errors read as sentences with a way forward")
    func connectionErrors() {
        #expect(UserFacingError(ConnectionError.timedOut(after: 5))
            == UserFacingError(message: "The support server did not answer in time.", remedy: .tryAgain))
        #expect(UserFacingError(ConnectionError.closedByServer)
            == UserFacingError(message: "The support server closed the connection.", remedy: .tryAgain))
        #expect(UserFacingError(ConnectionError.ended).remedy == .startNewSession)
        #expect(UserFacingError(ConnectionError.alreadyStarted).remedy == .dismiss)
    }

    @Test("a refused connection points at the server address")
    func refused() {
        let expected = UserFacingError(message: "The support server refused the connection.", remedy: .checkServerAddress)
        #expect(UserFacingError(URLError(.cannotConnectToHost)) == expected)
        #expect(UserFacingError(POSIXError(.ECONNREFUSED)) == expected)
    }

    @Test("a certificate that did not verify says so and points at acceptSelfSignedCerts in the settings")
    func untrustedCertificate() {
        #expect(
            UserFacingError(UntrustedCertificateError(detail: "CERTIFICATE_VERIFY_FAILED"))
                == UserFacingError(
                    message: "The support server's certificate could not be verified, so the app did not connect; "
                        + "a development server with a self-signed certificate needs acceptSelfSignedCerts set to true.",
                    remedy: .checkSettings))
    }

    @Test("URL-loading errors say what went wrong")
    func urlErrors() {
        #expect(UserFacingError(URLError(.cannotFindHost)).message == "The support server's address could not be found.")
        #expect(UserFacingError(URLError(.unsupportedURL)).remedy == .checkServerAddress)
        #expect(UserFacingError(URLError(.timedOut)).remedy == .tryAgain)
        #expect(UserFacingError(URLError(.notConnectedToInternet)).message == "This computer is not connected to a network.")
        #expect(UserFacingError(URLError(.serverCertificateUntrusted)).remedy == .checkServerAddress)
        #expect(UserFacingError(URLError(.networkConnectionLost)).message == "The connection to the support server was lost.")
    }

    @Test("an unsupported protocol version, by error or close code 4001, says the versions differ")
    func unsupportedVersion() {
        let expected = UserFacingError(
            message: "This app and the support server speak different versions of the support protocol.",
            remedy: .checkServerAddress)
        #expect(UserFacingError(ProtocolError(.unsupportedVersion(9))) == expected)
        #expect(UserFacingError(closeCode: .unsupportedVersion) == expected)
    }

    @Test("a rejected resume, by error or close code 4002, offers a new session")
    func resumeRejected() {
        let expected = UserFacingError(
            message: "The support session could not be resumed after the connection was lost.",
            remedy: .startNewSession)
        #expect(UserFacingError(ProtocolError(.replayUnavailable(after: 3, firstRetained: 9))) == expected)
        #expect(UserFacingError(closeCode: .resumeRejected) == expected)
    }

    @Test("garbage from the network reads as not understood")
    func garbage() {
        let expected = UserFacingError(
            message: "The support server sent something this app could not understand.", remedy: .tryAgain)
        #expect(UserFacingError(ProtocolError(.malformedJSON)) == expected)
        #expect(UserFacingError(closeCode: .invalidPayload) == expected)
        #expect(UserFacingError(closeCode: CloseCode(rawValue: 4999)) == expected)
    }

    @Test("other close codes have their own sentences")
    func closeCodes() {
        #expect(UserFacingError(closeCode: .normal).remedy == .startNewSession)
        #expect(UserFacingError(closeCode: .goingAway).message == "The support server is restarting or shutting down.")
        #expect(UserFacingError(closeCode: .internalError).message == "The support server ran into a problem.")
        #expect(UserFacingError(closeCode: .authenticationFailed).remedy == .checkServerAddress)
        #expect(UserFacingError(closeCode: .sequenceGap).remedy == .tryAgain)
    }

    @Test("each session end reason has a sentence")
    func sessionEnded() {
        #expect(UserFacingError(sessionEnded: .agentEnded)
            == UserFacingError(message: "The agent ended the support session.", remedy: .startNewSession))
        #expect(UserFacingError(sessionEnded: .consumerEnded).message == "You ended the support session.")
        #expect(UserFacingError(sessionEnded: .consumerLeftQueue).message == "You left the queue.")
        #expect(UserFacingError(sessionEnded: .gracePeriodExpired).message
            == "The support session ended because the connection was lost for too long.")
        #expect(UserFacingError(sessionEnded: .noAgentsAvailable)
            == UserFacingError(message: "No agents are available right now.", remedy: .tryAgain))
        #expect(UserFacingError(sessionEnded: .serverShutdown).message == "The support server ended the support session.")
        #expect(UserFacingError(sessionEnded: SessionEndReason(rawValue: "future")).remedy == .startNewSession)
    }

    @Test("configuration errors point at the settings")
    func configuration() throws {
        var configuration = Configuration()
        configuration.timeout = -1
        let error = try #require(throws: ConfigurationError.self) { try configuration.validate(source: "assist.json") }
        let sentence = UserFacingError(error)
        #expect(sentence.message == "The support settings have a problem: \(error.description).")
        #expect(sentence.remedy == .checkSettings)
    }

    @Test("a user-facing error stays as it is and unknown errors read as a lost connection")
    func passThroughAndFallback() {
        struct Odd: Error {}
        let own = UserFacingError(message: "Custom.", remedy: .dismiss)
        #expect(UserFacingError(own) == own)
        #expect(UserFacingError(Odd()).message == "The connection to the support server was lost.")
    }

    @Test("every remedy has a button label")
    func remedyLabels() {
        #expect(UserFacingError.Remedy.allCases.map(\.label)
            == ["Try again", "Check the server address", "Check the settings", "Start a new session", "Close"])
    }
}
