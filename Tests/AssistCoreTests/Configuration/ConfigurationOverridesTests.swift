import AssistCore
import Foundation
import Testing

@Suite("Command-line overrides")
struct ConfigurationOverridesTests {
    @Test("Numbers, booleans and arrays are read as JSON")
    func jsonValues() throws {
        var configuration = Configuration()
        try configuration.apply(overrides: [
            (key: "timeout", value: "2.5"), (key: "useCookies", value: "true"),
            (key: "retryIntervals", value: "[1, 3]"), (key: "hidingTags", value: #"["card"]"#),
        ])
        #expect(configuration.timeout == 2.5)
        #expect(configuration.useCookies)
        #expect(configuration.retryIntervals == [1, 3])
        #expect(configuration.hidingTags == ["card"])
    }

    @Test("Text settings take the value literally, even when it looks like a number")
    func literalText() throws {
        var configuration = Configuration()
        try configuration.apply(overrides: [
            (key: "uui", value: "1234"), (key: "destination", value: "sales team"),
            (key: "server", value: "http://10.0.0.2:8080"), (key: "videoMode", value: "agentOnly"),
            (key: "maskColor", value: "#FF000080"), (key: "visitorName", value: "true"),
        ])
        #expect(configuration.uui == "1234")
        #expect(configuration.destination == "sales team")
        #expect(configuration.server == URL(string: "http://10.0.0.2:8080"))
        #expect(configuration.videoMode == .agentOnly)
        #expect(configuration.maskColor == RGBAColor(red: 255, green: 0, blue: 0, alpha: 128))
        #expect(configuration.visitorName == "true")
    }

    @Test("A JSON string literal is unquoted")
    func quotedString() throws {
        var configuration = Configuration()
        try configuration.apply(overrides: [(key: "destination", value: #""sales""#)])
        #expect(configuration.destination == "sales")
    }

    @Test("A pre-chat form can be given as a JSON array")
    func prechatOverride() throws {
        var configuration = Configuration()
        try configuration.apply(overrides: [(key: "prechatFields", value: #"[{"label": "Email", "kind": "email"}]"#)])
        #expect(configuration.prechatFields == [PrechatField(label: "Email", kind: .email)])
    }

    @Test("Later overrides win over earlier ones and over the file")
    func laterWins() throws {
        var configuration = try ConfigurationFixtures.decode(#"{"timeout": 3}"#)
        try configuration.apply(overrides: [(key: "timeout", value: "4"), (key: "timeout", value: "6")])
        #expect(configuration.timeout == 6)
    }

    @Test("A value of the wrong type is rejected, naming the key and the command line")
    func wrongType() {
        var configuration = Configuration()
        let error = #expect(throws: ConfigurationError.self) {
            try configuration.apply(overrides: [(key: "timeout", value: "fast")])
        }
        #expect(error?.description == #"command line: "timeout" must be a number of seconds ≥ 0, got "fast""#)
        #expect(error?.source == Configuration.commandLineSource)
    }

    @Test("An unknown key is rejected with the nearest known key")
    func unknownKey() {
        var configuration = Configuration()
        let error = #expect(throws: ConfigurationError.self) {
            try configuration.apply(overrides: [(key: "retryInterval", value: "[]")])
        }
        #expect(error?.description == #"command line: "retryInterval" is not a known key; did you mean "retryIntervals"?"#)
        #expect(error?.code == .unknownKey)
    }

    @Test("Overrides are validated together with the file's settings")
    func validatedWithFile() throws {
        var configuration = try ConfigurationFixtures.decode(#"{"maximumEstimatedWaitTime": 120}"#)
        let error = #expect(throws: ConfigurationError.self) {
            try configuration.apply(overrides: [(key: "minimumEstimatedWaitTime", value: "300")])
        }
        #expect(
            error?.description
                == #"command line: "minimumEstimatedWaitTime" must not exceed "maximumEstimatedWaitTime" (120), got 300"#)
        #expect(configuration.minimumEstimatedWaitTime == 60)
    }

    @Test("An empty maxReconnectTimeouts is rejected while retryIntervals is not")
    func emptyMaxReconnectTimeouts() {
        var configuration = Configuration()
        let error = #expect(throws: ConfigurationError.self) {
            try configuration.apply(overrides: [(key: "maxReconnectTimeouts", value: "[]")])
        }
        #expect(error?.key == "maxReconnectTimeouts")
    }

    @Test("key=value splits at the first equals sign", arguments: [
        ("timeout=3", "timeout", "3"), ("uui=a=b", "uui", "a=b"), ("destination=", "destination", ""),
    ])
    func splitsOverride(_ argument: String, _ key: String, _ value: String) throws {
        let override = try Configuration.override(from: argument)
        #expect(override.key == key)
        #expect(override.value == value)
    }

    @Test("An override without a key or an equals sign is rejected", arguments: ["timeout", "=3", ""])
    func malformedOverride(_ argument: String) {
        let error = #expect(throws: ConfigurationError.self) { try Configuration.override(from: argument) }
        #expect(error?.code == .malformedOverride)
        #expect(error?.description == #"command line: "\#(argument)" must be written key=value, e.g. timeout=10"#)
    }
}
