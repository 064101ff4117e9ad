import Foundation
import Testing

@Suite("Main-loop bridge")
struct MainLoopBridgeTests {
    @Test("MainActor work scheduled from another thread runs inside GLib's loop on the main thread")
    func mainActorWorkRunsInsideGLibLoop() throws {
        let probe = TestBinaries.url(of: "GtkBridgeProbe")
        let process = Process()
        process.executableURL = probe
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0, "the MainActor job never ran inside the GLib loop")
    }
}
