import AssistCore
import Foundation
import Testing

@Suite("Configuration loading")
struct ConfigurationLoadingTests {
    @Test("Every key of a JSON file is read into the property of the same name")
    func readsEveryKey() throws {
        let configuration = try ConfigurationFixtures.decode(
            #"""
            {
              "server": "wss://assist.example.com:8443/assist",
              "autoStart": true,
              "destination": "sip:support@example.com",
              "videoMode": "agentOnly",
              "correlationId": "cid-1",
              "auditName": "jane",
              "acceptSelfSignedCerts": true,
              "useCookies": true,
              "timeout": 2.5,
              "sessionToken": "token",
              "uui": "hello",
              "retryIntervals": [0.5, 3],
              "maxReconnectTimeouts": [2, 4],
              "initialConnectTimeout": 12,
              "reconnectJitter": "full",
              "isAgentWindowOnTop": true,
              "useTestMediaSources": true,
              "hidingTags": ["card-number"],
              "maskingTags": ["balance", "address"],
              "maskColor": "#336699CC",
              "addSharedDocCloseListener": false,
              "keepAnnotationsOnChange": true,
              "visitorName": "Jane Doe",
              "queueStyle": "estimatedWaitTime",
              "minimumEstimatedWaitTime": 30,
              "maximumEstimatedWaitTime": 1200,
              "allowMinimization": false,
              "allowURLPreview": false,
              "defaultToMinimized": true,
              "allowBackgroundNotifications": false,
              "remoteLoggingEnabled": true,
              "prechatFields": [{"label": "Email", "kind": "email", "isRequired": true}],
              "prechatEntities": [{"entityName": "Contact", "fields": [{"fieldName": "Email", "label": "Email"}]}]
            }
            """#)
        #expect(configuration.server == URL(string: "wss://assist.example.com:8443/assist"))
        #expect(configuration.autoStart)
        #expect(configuration.destination == "sip:support@example.com")
        #expect(configuration.videoMode == .agentOnly)
        #expect(configuration.correlationId == "cid-1")
        #expect(configuration.auditName == "jane")
        #expect(configuration.acceptSelfSignedCerts)
        #expect(configuration.useCookies)
        #expect(configuration.timeout == 2.5)
        #expect(configuration.sessionToken == "token")
        #expect(configuration.uui == "hello")
        #expect(configuration.retryIntervals == [0.5, 3])
        #expect(configuration.maxReconnectTimeouts == [2, 4])
        #expect(configuration.initialConnectTimeout == 12)
        #expect(configuration.reconnectJitter == .full)
        #expect(configuration.isAgentWindowOnTop)
        #expect(configuration.useTestMediaSources)
        #expect(configuration.hidingTags == ["card-number"])
        #expect(configuration.maskingTags == ["balance", "address"])
        #expect(configuration.maskColor == RGBAColor(red: 0x33, green: 0x66, blue: 0x99, alpha: 0xCC))
        #expect(!configuration.addSharedDocCloseListener)
        #expect(configuration.keepAnnotationsOnChange)
        #expect(configuration.visitorName == "Jane Doe")
        #expect(configuration.queueStyle == .estimatedWaitTime)
        #expect(configuration.minimumEstimatedWaitTime == 30)
        #expect(configuration.maximumEstimatedWaitTime == 1200)
        #expect(!configuration.allowMinimization)
        #expect(!configuration.allowURLPreview)
        #expect(configuration.defaultToMinimized)
        #expect(!configuration.allowBackgroundNotifications)
        #expect(configuration.remoteLoggingEnabled)
        #expect(configuration.prechatFields == [PrechatField(label: "Email", kind: .email, isRequired: true)])
        #expect(configuration.prechatEntities.map(\.entityName) == ["Contact"])
    }

    @Test("Keys a file leaves out keep their defaults")
    func omittedKeysKeepDefaults() throws {
        var expected = Configuration()
        expected.timeout = 3
        #expect(try ConfigurationFixtures.decode(#"{"timeout": 3}"#) == expected)
        #expect(try ConfigurationFixtures.decode("{}") == Configuration())
    }

    @Test("JSON integers are accepted where seconds may have fractions")
    func integersAsSeconds() throws {
        let configuration = try ConfigurationFixtures.decode(#"{"timeout": 7, "retryIntervals": [1, 2.5]}"#)
        #expect(configuration.timeout == 7.0)
        #expect(configuration.retryIntervals == [1.0, 2.5])
    }

    @Test("Keys starting with // are comments, at the top level and inside pre-chat objects")
    func commentKeys() throws {
        let configuration = try ConfigurationFixtures.decode(
            #"{"//": "about", "// timeout": "seconds", "prechatFields": [{"//": "note", "label": "Name"}]}"#)
        #expect(configuration.prechatFields == [PrechatField(label: "Name")])
        #expect(configuration.timeout == 5.0)
    }

    @Test("A server of null means no server")
    func nullServer() throws {
        var configuration = Configuration()
        configuration.server = URL(string: "http://127.0.0.1:8080")
        try configuration.apply(json: Data(#"{"server": null}"#.utf8), file: "reset.json")
        #expect(configuration.server == nil)
    }

    @Test("Server schemes http, https, ws and wss are accepted in any case", arguments: [
        "http://127.0.0.1:8080", "https://assist.example.com", "ws://[::1]:8080/socket", "WSS://assist.example.com",
    ])
    func acceptedServers(_ server: String) throws {
        let configuration = try ConfigurationFixtures.decode(#"{"server": "\#(server)"}"#)
        #expect(configuration.server?.absoluteString == server)
    }

    @Test("A second file layered over a first replaces only the keys it has")
    func layering() throws {
        var configuration = try ConfigurationFixtures.decode(#"{"timeout": 3, "visitorName": "Jane"}"#)
        try configuration.apply(json: Data(#"{"visitorName": "Sam"}"#.utf8), file: "layer.json")
        #expect(configuration.timeout == 3)
        #expect(configuration.visitorName == "Sam")
    }

    @Test("A file that fails to load leaves the configuration unchanged, even after reading valid keys")
    func failedApplyChangesNothing() throws {
        var configuration = Configuration()
        let error = #expect(throws: ConfigurationError.self) {
            try configuration.apply(json: Data(#"{"visitorName": "Sam", "timeout": -1}"#.utf8), file: "bad.json")
        }
        #expect(error?.source == "bad.json")
        #expect(configuration == Configuration())
    }

    @Test("A file is loaded from disk and errors name it by the path given")
    func loadsFromDisk() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "assist-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appending(path: "good.json")
        try Data(#"{"destination": "sales"}"#.utf8).write(to: good)
        #expect(try Configuration(contentsOf: good).destination == "sales")

        let bad = directory.appending(path: "bad.json")
        try Data(#"{"useCookies": "no"}"#.utf8).write(to: bad)
        let error = #expect(throws: ConfigurationError.self) { try Configuration(contentsOf: bad) }
        #expect(error?.description == #"\#(bad.path): "useCookies" must be true or false, got "no""#)
    }

    @Test("A file that does not exist is reported as unreadable, naming it")
    func missingFile() {
        let url = URL(fileURLWithPath: "/nonexistent/assist.json")
        let error = #expect(throws: ConfigurationError.self) { try Configuration(contentsOf: url) }
        #expect(error?.code == .unreadableFile)
        #expect(error?.description == "/nonexistent/assist.json: cannot be read (no such file)")
    }

    @Test("A URL that is not a file is refused rather than fetched")
    func remoteURLRefused() throws {
        let url = try #require(URL(string: "http://127.0.0.1:8080/assist.json"))
        let error = #expect(throws: ConfigurationError.self) { try Configuration(contentsOf: url) }
        #expect(error?.description == "http://127.0.0.1:8080/assist.json: cannot be read (not a file URL)")
    }

    @Test("A relative file path is named as given")
    func relativePathNamedAsGiven() {
        let error = #expect(throws: ConfigurationError.self) {
            try Configuration(contentsOf: URL(fileURLWithPath: "no-such-dir/assist.json"))
        }
        #expect(error?.source == "no-such-dir/assist.json")
    }

    @Test("Errors read as their sentence through localizedDescription too")
    func localizedDescription() {
        let error = #expect(throws: ConfigurationError.self) { try ConfigurationFixtures.decode(#"{"uui": 1}"#) }
        #expect(error?.localizedDescription == #"test.json: "uui" must be a string, got 1"#)
    }
}
