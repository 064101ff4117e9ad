import Hummingbird

extension Router {
    /// Adds `GET /metrics`: the server's figures in the Prometheus text format.
    func addMetricsRoutes(_ metrics: ServerMetrics) {
        get("/metrics") { _, _ -> Response in
            Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: metrics.render())))
        }
    }
}
