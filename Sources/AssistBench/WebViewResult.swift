/// The web view benchmark's figures (``WebViewBenchmark``).
struct WebViewResult {
    /// One window's co-browse captures.
    struct Capture {
        /// Masks decided and the window rendered with them, pixels downloaded.
        let captureAndMask: LatencySample
        /// The same plus the keyframe's tiles encoded in the wire format.
        let keyframe: LatencySample
        /// Bytes of the last keyframe.
        let keyframeBytes: Int
        /// The captured size, pixels.
        let width: Int
        let height: Int
    }

    /// From asking the chat template view to load the template to its first contentful paint.
    let templatePaint: LatencySample
    /// The same for the one-line page served by the same route (the baseline).
    let minimalPaint: LatencySample
    /// `assist-desktop` with its native chat, one entry per launch.
    let nativeApp: [ProcessTreeMemory]
    /// `assist-desktop` in template mode, one entry per launch.
    let templateApp: [ProcessTreeMemory]
    /// The support form as a page in an ``AssistWebView``.
    let webCapture: Capture
    /// The same form as GTK widgets (the baseline).
    let widgetCapture: Capture
}

extension [ProcessTreeMemory] {
    /// The median of one figure over the launches.
    func median(_ figure: (ProcessTreeMemory) -> Int) -> Int {
        let values = map(figure).sorted()
        return values.isEmpty ? 0 : values[values.count / 2]
    }
}
