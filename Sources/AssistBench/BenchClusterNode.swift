import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One `assist-server` node of the cluster benchmark: the release server as
/// a child process on 127.0.0.1, on the benchmark's PostgreSQL database.
struct BenchClusterNode {
    /// The running process.
    let process: ChildProcess

    /// The node's `http://` URL.
    var url: String { process.url }

    /// Starts node `name` of the cluster whose database `databaseURL` names,
    /// with the shared token key `keyFile` and the agents of `agentsFile`.
    static func start(
        _ name: String, executable: URL, databaseURL: String, keyFile: URL, agentsFile: URL, in directory: URL
    ) async throws -> BenchClusterNode {
        let process = try await ChildProcess.start(
            executable,
            arguments: [
                "--host", "127.0.0.1", "--port", "0", "--database", databaseURL, "--token-key-file", keyFile.path,
                "--agents", agentsFile.path, "--allow-origin", "ws://127.0.0.1", "--log-level", "warning",
            ],
            logFile: directory.appendingPathComponent("\(name).log"))
        return BenchClusterNode(process: process)
    }

    /// Whether the node leads the cluster now (its `assist_leading` gauge is 1).
    func isLeading() async -> Bool {
        guard let metrics = URL(string: url + "/metrics"),
            let (body, _) = try? await URLSession.shared.data(from: metrics)
        else { return false }
        return String(decoding: body, as: UTF8.self).contains("\nassist_leading 1")
    }

    /// Whether `GET /healthz` answers 200: the node takes connections.
    func isReady() async -> Bool {
        guard let health = URL(string: url + "/healthz"),
            let (_, response) = try? await URLSession.shared.data(from: health)
        else { return false }
        return (response as? HTTPURLResponse)?.statusCode == 200
    }
}
