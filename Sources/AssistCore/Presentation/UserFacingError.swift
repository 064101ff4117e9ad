import Foundation

/// The one sentence the person reads about anything that went wrong, and the
/// way forward offered with it: the single place where errors become words.
///
/// Build one from any error with ``init(_:)``; from a WebSocket close code
/// with ``init(closeCode:)``; from the server's reason for ending a session
/// with ``init(sessionEnded:)``. Internal descriptions (``ConnectionError``,
/// ``ProtocolError``) are for logs and never reach the person.
public struct UserFacingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the person can do next, shown as the label of one button.
    public enum Remedy: Sendable, Hashable, CaseIterable {
        /// Connect again with the same settings.
        case tryAgain
        /// Look at the server address, which is wrong or points at something
        /// that is not a compatible support server.
        case checkServerAddress
        /// Fix the configuration file or command line.
        case checkSettings
        /// The session is over; starting support again begins a new one.
        case startNewSession
        /// Nothing to do but acknowledge the message.
        case dismiss

        /// The button's label, e.g. "Try again".
        public var label: String {
            switch self {
            case .tryAgain: localized("Try again")
            case .checkServerAddress: localized("Check the server address")
            case .checkSettings: localized("Check the settings")
            case .startNewSession: localized("Start a new session")
            case .dismiss: localized("Close")
            }
        }
    }

    /// One sentence saying what happened, ending with a full stop.
    public let message: String
    /// The way forward offered with ``message``.
    public let remedy: Remedy

    /// Creates an error with its sentence and way forward.
    public init(message: String, remedy: Remedy) {
        self.message = message
        self.remedy = remedy
    }

    /// The sentence for `error`, whatever it is: configuration, connection,
    /// protocol and URL-loading errors each get their own, a
    /// ``UserFacingError`` stays as it is, and anything else reads as a lost
    /// connection with "Try again".
    public init(_ error: any Error) {
        switch error {
        case let error as UserFacingError:
            self = error
        case let error as ConfigurationError:
            self.init(
                message: localized("The support settings have a problem: {problem}.", ["problem": error.description]),
                remedy: .checkSettings)
        case let error as ConnectionError:
            self.init(connectionError: error)
        case let error as ProtocolError:
            self.init(protocolError: error)
        case let error as LinkClosure:
            self = error.code.map { UserFacingError(closeCode: $0) } ?? .lost
        case is UntrustedCertificateError:
            self = .untrustedCertificate
        case let error as URLError:
            self.init(urlError: error)
        case let error as POSIXError where error.code == .ECONNREFUSED:
            self = .refused
        default:
            self = .lost
        }
    }

    /// The sentence for a connection the server closed with `closeCode`.
    public init(closeCode: CloseCode) {
        switch closeCode {
        case .normal:
            self.init(message: localized("The support session has ended."), remedy: .startNewSession)
        case .goingAway:
            self.init(message: localized("The support server is restarting or shutting down."), remedy: .tryAgain)
        case .unsupportedVersion:
            self = .versionMismatch
        case .resumeRejected:
            self = .resumeRejected
        case .authenticationFailed:
            self.init(message: localized("The support server did not accept this app."), remedy: .checkServerAddress)
        case .internalError:
            self.init(message: localized("The support server ran into a problem."), remedy: .tryAgain)
        case .sequenceGap:
            self.init(message: localized("The connection to the support server got out of step."), remedy: .tryAgain)
        default:
            self = .garbled
        }
    }

    /// The sentence for a session the server ended for `reason`.
    public init(sessionEnded reason: SessionEndReason) {
        switch reason {
        case .consumerEnded:
            self.init(message: localized("You ended the support session."), remedy: .startNewSession)
        case .consumerLeftQueue:
            self.init(message: localized("You left the queue."), remedy: .startNewSession)
        case .agentEnded:
            self.init(message: localized("The agent ended the support session."), remedy: .startNewSession)
        case .gracePeriodExpired:
            self.init(
                message: localized("The support session ended because the connection was lost for too long."),
                remedy: .startNewSession)
        case .noAgentsAvailable:
            self.init(message: localized("No agents are available right now."), remedy: .tryAgain)
        default:
            self.init(message: localized("The support server ended the support session."), remedy: .startNewSession)
        }
    }

    /// Same as ``message``.
    public var description: String { message }

    private init(connectionError error: ConnectionError) {
        switch error {
        case .closedByServer:
            self.init(message: localized("The support server closed the connection."), remedy: .tryAgain)
        case .ended:
            self.init(message: localized("The support session has ended."), remedy: .startNewSession)
        case .alreadyStarted:
            self.init(message: localized("Support is already running."), remedy: .dismiss)
        default:
            self = .noAnswer
        }
    }

    private init(protocolError error: ProtocolError) {
        switch error.kind {
        case .unsupportedVersion:
            self = .versionMismatch
        case .replayUnavailable, .replayBeyondSent:
            self = .resumeRejected
        default:
            self = .garbled
        }
    }

    private init(urlError error: URLError) {
        switch error.code {
        case .cannotConnectToHost:
            self = .refused
        case .cannotFindHost, .dnsLookupFailed:
            self.init(message: localized("The support server's address could not be found."), remedy: .checkServerAddress)
        case .badURL, .unsupportedURL:
            self.init(message: localized("The support server's address is not a valid web address."), remedy: .checkServerAddress)
        case .timedOut:
            self = .noAnswer
        case .notConnectedToInternet:
            self.init(message: localized("This computer is not connected to a network."), remedy: .tryAgain)
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            self.init(
                message: localized("A secure connection to the support server could not be made."), remedy: .checkServerAddress)
        default:
            self = .lost
        }
    }

    private static let untrustedCertificate = UserFacingError(
        message: localized(
            "The support server's certificate could not be verified, so the app did not connect; a development server with a self-signed certificate needs acceptSelfSignedCerts set to true."),
        remedy: .checkSettings)
    private static let refused = UserFacingError(
        message: localized("The support server refused the connection."), remedy: .checkServerAddress)
    private static let noAnswer = UserFacingError(
        message: localized("The support server did not answer in time."), remedy: .tryAgain)
    private static let lost = UserFacingError(
        message: localized("The connection to the support server was lost."), remedy: .tryAgain)
    private static let garbled = UserFacingError(
        message: localized("The support server sent something this app could not understand."), remedy: .tryAgain)
    private static let versionMismatch = UserFacingError(
        message: localized("This app and the support server speak different versions of the support protocol."),
        remedy: .checkServerAddress)
    private static let resumeRejected = UserFacingError(
        message: localized("The support session could not be resumed after the connection was lost."),
        remedy: .startNewSession)
}
