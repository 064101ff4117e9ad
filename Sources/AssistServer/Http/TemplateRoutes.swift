public import Hummingbird

extension Router {
    /// Serves the chat templates: `GET /system/templates/chat/NAME/FILE`
    /// answers file FILE of template NAME (the query, such as
    /// `?entryPointId=…`, is the page's own business). Anything else is 404:
    /// there is no directory listing and no way out of a template's folder.
    public func addTemplateRoutes(files: TemplateFiles) {
        let fileIO = FileIO()
        get("/system/templates/chat/{template}/{file}") { _, context in
            let template = try context.parameters.require("template")
            let name = try context.parameters.require("file")
            guard let file = files.servedFile(template: template, named: name) else { throw HTTPError(.notFound) }
            return try await Self.staticFileResponse(
                file, contentSecurityPolicy: Self.templateContentSecurityPolicy,
                extraHeaders: [.init("Referrer-Policy")!: "no-referrer"], fileIO: fileIO, context: context)
        }
    }

    /// A template loads only its own server's files, talks only to its own
    /// server (its WebSocket and the attachment API), and posts forms (file
    /// downloads) only there.
    private static var templateContentSecurityPolicy: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }
}
