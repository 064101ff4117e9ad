import ServiceLifecycle

/// Runs an action every `interval` until the server shuts down.
struct RepeatingService: Service {
    let interval: Duration
    let action: @Sendable () async -> Void

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while true {
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return  // cancelled: the server is shutting down, which is no failure
                }
                await action()
            }
        }
    }
}
