import AssistCore
import Foundation
import Testing

@Suite("Remembered screen choices: per server, private, forgotten on request")
struct RememberedScreenChoicesTests {
    private func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("assist-choices-\(UUID().uuidString)")
    }

    @Test("a token is remembered per server, replaced, and forgotten for one server or all")
    func perServer() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let choices = RememberedScreenChoices(folder: folder)
        #expect(choices.token(forServer: "http://a.example") == nil)
        try choices.remember("t-1", forServer: "http://a.example")
        try choices.remember("t-2", forServer: "http://b.example")
        try choices.remember("t-3", forServer: "http://a.example")
        let again = RememberedScreenChoices(folder: folder)
        #expect(again.token(forServer: "http://a.example") == "t-3")
        #expect(again.token(forServer: "http://b.example") == "t-2")
        try again.forget(server: "http://a.example")
        #expect(again.token(forServer: "http://a.example") == nil)
        #expect(again.token(forServer: "http://b.example") == "t-2")
        try again.forgetAll()
        #expect(again.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: again.url.path))
    }

    @Test("the file and its folder are the person's alone (0600 in 0700)")
    func privateFile() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let choices = RememberedScreenChoices(folder: folder)
        try choices.remember("t", forServer: "http://a.example")
        let file = try FileManager.default.attributesOfItem(atPath: choices.url.path)
        let directory = try FileManager.default.attributesOfItem(atPath: folder.path)
        #expect((file[.posixPermissions] as? Int) == 0o600)
        #expect((directory[.posixPermissions] as? Int) == 0o700)
    }

    @Test("a damaged file counts as nothing remembered and is replaced on the next write")
    func damagedFile() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let choices = RememberedScreenChoices(folder: folder)
        try Data("{not json".utf8).write(to: choices.url)
        #expect(choices.token(forServer: "http://a.example") == nil)
        try choices.remember("t", forServer: "http://a.example")
        #expect(choices.token(forServer: "http://a.example") == "t")
    }

    @Test("the folder is the session state folder: the configured one, else $XDG_STATE_HOME/assist")
    func folderFromConfiguration() {
        var configuration = Configuration()
        let fromXDG = RememberedScreenChoices(configuration: configuration, environment: ["XDG_STATE_HOME": "/s"])
        #expect(fromXDG?.url.path == "/s/assist/screen-choices.json")
        configuration.sessionStateDirectory = "/custom"
        #expect(RememberedScreenChoices(configuration: configuration, environment: [:])?.url.path == "/custom/screen-choices.json")
        #expect(RememberedScreenChoices(configuration: Configuration(), environment: [:]) == nil)
    }
}
