import AssistServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("Chat template files")
struct TemplateRoutesTests {
    /// The repository's `data/templates`, which holds the `assist` template.
    static let repositoryTemplates = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("data/templates")

    private func withRouterClient(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let router = Router()
        router.addTemplateRoutes(files: TemplateFiles(directory: Self.repositoryTemplates.path))
        try await Application(router: router).test(.router, body)
    }

    @Test("the assist template's page, scripts and style are served with their types, a CSP and nosniff")
    func servedWithTypesAndHeaders() async throws {
        try await withRouterClient { client in
            let cases = [
                ("/system/templates/chat/assist/index.html?entryPointId=support&locale=en_us", "text/html; charset=utf-8"),
                ("/system/templates/chat/assist/main.js", "text/javascript; charset=utf-8"),
                ("/system/templates/chat/assist/consumer-link.js", "text/javascript; charset=utf-8"),
                ("/system/templates/chat/assist/template.css", "text/css; charset=utf-8"),
            ]
            for (uri, type) in cases {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri)")
                    #expect(response.headers[.contentType] == type, "\(uri)")
                    #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(uri)")
                    let policy = response.headers[.contentSecurityPolicy] ?? ""
                    #expect(policy.contains("script-src 'self'"), "\(uri)")
                    #expect(policy.contains("connect-src 'self'"), "\(uri)")
                    #expect(policy.contains("form-action 'self'"), "\(uri)")
                    #expect(policy.contains("frame-ancestors 'none'"), "\(uri)")
                    #expect(response.body.readableBytes > 0, "\(uri)")
                }
            }
        }
    }

    @Test(
        "unknown templates, unknown or hidden files and folders are 404",
        arguments: [
            "/system/templates/chat/nope/index.html", "/system/templates/chat/assist/missing.js",
            "/system/templates/chat/assist/.hidden.js", "/system/templates/chat/assist",
            "/system/templates/chat/.assist/index.html", "/system/templates/chat/assist/sub/index.html",
        ])
    func notFound(uri: String) async throws {
        try await withRouterClient { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test(
        "paths that climb out of a template's folder are refused",
        arguments: [
            "/system/templates/chat/assist/../../../console/index.html", "/system/templates/chat/assist/..%2F..%2FREADME.md",
            "/system/templates/chat/..%2F..%2Fconsole/index.html", "/system/templates/chat/%2E%2E/index.html",
            "/system/templates/chat/assist/%2e%2e%2Fassist%2Findex.html", "/system/templates/chat/assist/..%5Cindex.html",
        ])
    func traversalRefused(uri: String) async throws {
        try await withRouterClient { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .notFound || response.status == .badRequest, "\(uri)")
            }
        }
    }

    @Test("an explicit folder must hold chat/; without one, the templates beside the console are found")
    func locate() throws {
        #expect(throws: TemplateFilesError.self) {
            try TemplateFiles.locate(explicitDirectory: "/nonexistent-templates", console: nil)
        }
        let beside = try TemplateFiles.locate(
            explicitDirectory: nil,
            console: ConsoleFiles(directory: Self.repositoryTemplates.deletingLastPathComponent().appendingPathComponent("console").path))
        #expect(beside?.directory == Self.repositoryTemplates.path)
        #expect(try TemplateFiles.locate(explicitDirectory: nil, console: nil) == nil)
    }
}
