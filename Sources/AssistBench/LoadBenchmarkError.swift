/// Why the load benchmark could not produce figures.
enum LoadBenchmarkError: Error, CustomStringConvertible {
    /// The server never welcomed the bench agent.
    case agentNotWelcomed(String)
    /// `acceptNext` assigned no session; the server's error codes.
    case noSessionsAssigned([String])
    /// Not one idle session could be opened.
    case noSessionsOpened(String)
    /// Not one echo connection answered.
    case echoUnreachable(String)
    /// The Mosquitto broker is not where the settings say.
    case mosquittoMissing(String)
    /// Not every MQTT client of the Mosquitto peer got ready.
    case mosquittoUnreachable(String)

    /// One sentence for the terminal.
    var description: String {
        switch self {
        case .agentNotWelcomed(let reason): "the server did not welcome the bench agent: \(reason)"
        case .noSessionsAssigned(let codes): "acceptNext assigned no session (server errors: \(codes.joined(separator: ", ")))"
        case .noSessionsOpened(let reason): "no consumer session could be opened: \(reason)"
        case .echoUnreachable(let reason): "no echo connection answered: \(reason)"
        case .mosquittoMissing(let path): "no Mosquitto broker at \(path) (./build.sh deps installs Debian's mosquitto)"
        case .mosquittoUnreachable(let reason): "the Mosquitto peer's clients did not all connect and subscribe: \(reason)"
        }
    }
}
