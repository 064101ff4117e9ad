import ServiceLifecycle

/// Runs an action every `interval` until the server shuts down.
struct RepeatingService: Service {
    let interval: Duration
    let action: @Sendable () async -> Void

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try await Task.sleep(for: interval)
                await action()
            }
        }
    }
}
