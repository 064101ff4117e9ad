import Foundation

/// The load benchmark's external peer: Debian's Mosquitto (2.0.11) as a
/// child process, with a configuration of its own in the work directory —
/// anonymous clients, no persistence, MQTT over WebSocket on a free
/// loopback port.
enum MosquittoBroker {
    /// Where Debian's `mosquitto` package (`./build.sh deps`) puts the broker.
    static let defaultExecutable = URL(fileURLWithPath: "/usr/sbin/mosquitto")

    /// Writes the configuration and starts `executable`; returns once its
    /// WebSocket listener accepts connections. The child's `url` is `ws://`.
    static func start(_ executable: URL, in directory: URL) async throws -> ChildProcess {
        let ports = try LoopbackPort.free(2)
        let (webSocketPort, nativePort) = (ports[0], ports[1])
        let configuration = directory.appendingPathComponent("mosquitto.conf")
        try self.configuration(webSocketPort: webSocketPort, nativePort: nativePort)
            .write(to: configuration, atomically: true, encoding: .utf8)
        return try await ChildProcess.start(
            executable, arguments: ["-c", configuration.path],
            logFile: directory.appendingPathComponent("mosquitto.log"), listeningOn: webSocketPort,
            url: "ws://127.0.0.1:\(webSocketPort)")
    }

    /// The broker's configuration (mosquitto.conf(5) of 2.0.11).
    ///
    /// Two quirks of 2.0.x's WebSocket listeners, which libwebsockets runs:
    /// the broker refuses to start with WebSocket listeners only ("Unable to
    /// start any listening sockets", eclipse-mosquitto/mosquitto#2284), so a
    /// plain MQTT listener on a second loopback port is there and unused;
    /// and a WebSocket listener given the address 127.0.0.1 binds every
    /// interface (#3045), while the interface name `lo` binds the loopback
    /// one only. No `listener` means no default listener on port 1883.
    private static func configuration(webSocketPort: Int, nativePort: Int) -> String {
        """
        allow_anonymous true
        persistence false
        log_dest stderr
        log_type error
        log_type warning
        listener \(nativePort) 127.0.0.1
        listener \(webSocketPort) lo
        protocol websockets

        """
    }
}
