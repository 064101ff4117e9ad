import ServiceLifecycle

/// Runs a ``ClusterNode`` beside the HTTP server until the server shuts down.
struct ClusterNodeService: Service {
    let node: ClusterNode

    func run() async throws {
        await cancelWhenGracefulShutdown { await node.run() }
    }
}
