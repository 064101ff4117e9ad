import AssistCore

/// Feeds the connection's events to a ``ConnectionBanner`` and keeps its
/// view current: renders on every event and again whenever the banner
/// changes by itself (the countdown ticks, "Reconnected" hides).
@MainActor
final class ConnectionBannerDriver {
    private let view: ConnectionBannerView
    private var banner = ConnectionBanner()
    private var redraw: Task<Void, Never>?

    init(view: ConnectionBannerView) {
        self.view = view
    }

    isolated deinit {
        redraw?.cancel()
    }

    /// Takes in one connection event, as it happens.
    func receive(_ event: ConnectionEvent) {
        banner.receive(event, at: .now)
        render()
    }

    /// Hides the banner for good: the session is over and the ended page
    /// says why.
    func hide() {
        redraw?.cancel()
        banner = ConnectionBanner()
        view.render(nil)
    }

    private func render() {
        let now = ContinuousClock.now
        view.render(banner.content(at: now))
        redraw?.cancel()
        guard let next = banner.nextChange(after: now) else { return }
        redraw = Task { [weak self] in
            do {
                try await Task.sleep(until: next, clock: .continuous)
            } catch {
                return
            }
            self?.render()
        }
    }
}
