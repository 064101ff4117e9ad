import AssistCore
@testable import AssistServer
import Foundation
import Testing

@Suite("The agents file")
struct AgentDirectoryTests {
    private func decode(_ json: String) throws(AgentDirectoryError) -> AgentDirectory {
        try AgentDirectory.decode(Data(json.utf8))
    }

    @Test("a full entry loads with its capacity, destinations and permissions; defaults fill the rest")
    func loads() throws {
        let directory = try decode(
            #"{"agents":[{"id":"sam","name":"Sam","token":"t1","capacity":3,"destinations":["support"],"#
                + #""permissions":{"viewable":["default"],"interactive":[]}},{"id":"kim","name":"Kim","token":"t2"}]}"#)
        let sam = try #require(directory.account(forToken: "t1"))
        #expect(sam.capacity == 3 && sam.serves("support") && sam.serves("sam") && !sam.serves("billing"))
        #expect(sam.permissions == AgentPermissions(viewable: ["default"], interactive: []))
        let kim = try #require(directory.account(forToken: "t2"))
        #expect(kim.capacity == 1 && kim.permissions == nil)
        #expect(directory.account(forToken: "t3") == nil)
        #expect(directory.account(forToken: "t") == nil)
    }

    @Test("an agent given by the SHA-256 of its token signs in with the token itself")
    func tokenDigestEntry() throws {
        // SHA-256("t1"), as `printf %s t1 | sha256sum` prints it.
        let digest = "628b49d96dcde97a430dd4f597705899e09a968f793491e4b704cae33a40dc02"
        let directory = try decode(#"{"agents":[{"id":"sam","name":"Sam","tokenSHA256":"\#(digest.uppercased())"}]}"#)
        #expect(directory.account(forToken: "t1")?.id == "sam")
        #expect(directory.account(forToken: digest) == nil)
    }

    @Test("explicit empty permission arrays are kept as no permission at all")
    func explicitEmpty() throws {
        let directory = try decode(#"{"agents":[{"id":"a","name":"A","token":"t","permissions":{"viewable":[],"interactive":[]}}]}"#)
        #expect(directory.all.first?.permissions == .noPermissions)
    }

    @Test("mistakes are refused naming the key", arguments: [
        (#"{"agents":[{"id":"a","name":"A"}]}"#, "agents[0].token"),
        (#"{"agents":[{"id":"a","name":"A","token":"t","capacity":0}]}"#, "agents[0].capacity"),
        (#"{"agents":[{"id":"a","name":"A","token":"t","capacity":1.5}]}"#, "agents[0].capacity"),
        (#"{"agents":[{"id":"a","name":"A","token":"t","colour":"red"}]}"#, "agents[0].colour"),
        (#"{"agents":[{"id":"a","name":"A","token":"t","permissions":{"viewable":[]}}]}"#, "agents[0].permissions"),
        (#"{"agents":[{"id":"a","name":"A","token":"t"},{"id":"a","name":"B","token":"u"}]}"#, "agents[1].id"),
        (#"{"agents":[{"id":"a","name":"A","token":"t"},{"id":"b","name":"B","token":"t"}]}"#, "agents[1].token"),
        (#"{"agents":[{"id":"a","name":"A","tokenSHA256":"abc"}]}"#, "agents[0].tokenSHA256"),
        (#"{"agents":[{"id":"a","name":"A","token":"t","tokenSHA256":"\#(String(repeating: "0", count: 64))"}]}"#,
         "agents[0].tokenSHA256"),
        (#"{"agent":[]}"#, "agent"),
    ])
    func refused(json: String, key: String) {
        #expect {
            _ = try decode(json)
        } throws: { error in
            (error as? AgentDirectoryError)?.key == key
        }
    }

    @Test("a file's errors name the file")
    func namesTheFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("agents-\(UUID().uuidString).json")
        try Data(#"{"agents":[{"id":"a"}]}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect {
            _ = try AgentDirectory.load(contentsOf: url)
        } throws: { error in
            "\(error)".hasPrefix(url.path + ": \"agents[0].name\"")
        }
    }
}
