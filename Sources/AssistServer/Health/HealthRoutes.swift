import Hummingbird

extension Router {
    /// Adds the health endpoints: `GET /healthz/live` answers 200 while the
    /// process serves HTTP at all; `GET /healthz` answers 200 while the
    /// server takes new work and 503 while it cannot write to its database
    /// (``DatabaseReadiness``) or, on a cluster node, while it has no leader.
    func addHealthRoutes(isReady: @escaping @Sendable () -> Bool) {
        get("/healthz/live") { _, _ -> Response in
            Self.plainText(.ok, "ok\n")
        }
        get("/healthz") { _, _ -> Response in
            isReady()
                ? Self.plainText(.ok, "ok\n")
                : Self.plainText(.serviceUnavailable, "the database cannot be written\n")
        }
    }

    private static func plainText(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
