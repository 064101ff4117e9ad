import Hummingbird

extension Router {
    /// Adds `GET /healthz`, which answers 200 once the server accepts requests.
    func addHealthRoutes() {
        get("/healthz") { _, _ -> Response in
            Response(
                status: .ok,
                headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "ok\n")))
        }
    }
}
