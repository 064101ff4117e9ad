@testable import AssistServer
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@Suite("Readiness: a server that cannot write to its database takes no new work")
struct ReadinessTests {
    private static func healthRouter(_ readiness: DatabaseReadiness) -> Router<BasicRequestContext> {
        let router = Router()
        router.addHealthRoutes(isReady: { readiness.isReady })
        return router
    }

    @Test("/healthz answers 503 while the database cannot be written, /healthz/live stays 200, and 200 comes back with it")
    func healthzFollowsTheDatabase() async throws {
        let readiness = DatabaseReadiness(logger: Logger(label: "test"))
        let app = Application(router: Self.healthRouter(readiness))
        try await app.test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
            readiness.record(reachable: false)
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(String(buffer: response.body) == "the database cannot be written\n")
            }
            try await client.execute(uri: "/healthz/live", method: .get) { #expect($0.status == .ok) }
            readiness.record(reachable: true)
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test("the probe makes a server ready again once its database answers, with no write needed")
    func probeRecovers() async throws {
        let storage = GatedStorage()
        let readiness = DatabaseReadiness(logger: Logger(label: "test"))
        readiness.record(reachable: false)
        storage.setFailing(true)
        await ReadinessProbe.check(store: storage, readiness: readiness)
        #expect(readiness.isReady == false)
        storage.setFailing(false)
        await ReadinessProbe.check(store: storage, readiness: readiness)
        #expect(readiness.isReady)
    }
}
