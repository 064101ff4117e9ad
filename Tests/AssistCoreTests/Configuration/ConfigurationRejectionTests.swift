import AssistCore
import Foundation
import Testing

/// JSON a configuration must refuse, and the exact error it gives.
struct ConfigurationRejectionRow: Sendable, CustomTestStringConvertible {
    let json: String
    let code: ConfigurationError.Code
    let key: String
    let message: String

    init(_ json: String, _ code: ConfigurationError.Code, key: String, _ message: String) {
        self.json = json
        self.code = code
        self.key = key
        self.message = message
    }

    var testDescription: String { json }

    /// Decodes the row's JSON and checks the error it throws.
    func check() {
        let error = #expect(throws: ConfigurationError.self) { try ConfigurationFixtures.decode(json) }
        #expect(error?.description == message)
        #expect(error?.code == code)
        #expect(error?.key == key)
        #expect(error?.source == "test.json")
    }
}

@Suite("Configuration rejections")
struct ConfigurationRejectionTests {
    static let keysAndTypes: [ConfigurationRejectionRow] = [
        ConfigurationRejectionRow(
            #"{"timout": 5}"#, .unknownKey, key: "timout",
            #"test.json: "timout" is not a known key; did you mean "timeout"?"#),
        ConfigurationRejectionRow(
            #"{"HidingTags": []}"#, .unknownKey, key: "HidingTags",
            #"test.json: "HidingTags" is not a known key; did you mean "hidingTags"?"#),
        ConfigurationRejectionRow(
            #"{"colourScheme": "dark"}"#, .unknownKey, key: "colourScheme",
            #"test.json: "colourScheme" is not a known key"#),
        ConfigurationRejectionRow(
            #"{"timeout": "fast"}"#, .wrongType, key: "timeout",
            #"test.json: "timeout" must be a number of seconds ≥ 0, got "fast""#),
        ConfigurationRejectionRow(
            #"{"useCookies": 1}"#, .wrongType, key: "useCookies",
            #"test.json: "useCookies" must be true or false, got 1"#),
        ConfigurationRejectionRow(
            #"{"visitorName": null}"#, .wrongType, key: "visitorName",
            #"test.json: "visitorName" must be a string, got null"#),
        ConfigurationRejectionRow(
            #"{"retryIntervals": "1,2"}"#, .wrongType, key: "retryIntervals",
            #"test.json: "retryIntervals" must be an array of numbers of seconds ≥ 0, got "1,2""#),
        ConfigurationRejectionRow(
            #"{"hidingTags": ["card", 7]}"#, .wrongType, key: "hidingTags[1]",
            #"test.json: "hidingTags[1]" must be a string, got 7"#),
        ConfigurationRejectionRow(
            #"{"maskingTags": {"tag": "card"}}"#, .wrongType, key: "maskingTags",
            #"test.json: "maskingTags" must be an array of strings, got an object"#),
    ]

    static let timeouts: [ConfigurationRejectionRow] = [
        ConfigurationRejectionRow(
            #"{"timeout": -1}"#, .invalidValue, key: "timeout",
            #"test.json: "timeout" must be a number of seconds ≥ 0, got -1"#),
        ConfigurationRejectionRow(
            #"{"initialConnectTimeout": -0.5}"#, .invalidValue, key: "initialConnectTimeout",
            #"test.json: "initialConnectTimeout" must be a number of seconds ≥ 0, got -0.5"#),
        ConfigurationRejectionRow(
            #"{"retryIntervals": [1, 2, -4]}"#, .invalidValue, key: "retryIntervals[2]",
            #"test.json: "retryIntervals[2]" must be a number of seconds ≥ 0, got -4"#),
        ConfigurationRejectionRow(
            #"{"maxReconnectTimeouts": [5, -5]}"#, .invalidValue, key: "maxReconnectTimeouts[1]",
            #"test.json: "maxReconnectTimeouts[1]" must be a number of seconds ≥ 0, got -5"#),
        ConfigurationRejectionRow(
            #"{"maxReconnectTimeouts": []}"#, .invalidValue, key: "maxReconnectTimeouts",
            #"test.json: "maxReconnectTimeouts" must not be empty while "retryIntervals" is not; give at least one timeout or make both empty"#
        ),
        ConfigurationRejectionRow(
            #"{"maximumEstimatedWaitTime": -60}"#, .invalidValue, key: "maximumEstimatedWaitTime",
            #"test.json: "maximumEstimatedWaitTime" must be a number of seconds ≥ 0, got -60"#),
        ConfigurationRejectionRow(
            #"{"minimumEstimatedWaitTime": 900}"#, .invalidValue, key: "minimumEstimatedWaitTime",
            #"test.json: "minimumEstimatedWaitTime" must not exceed "maximumEstimatedWaitTime" (600), got 900"#),
    ]

    static let values: [ConfigurationRejectionRow] = [
        ConfigurationRejectionRow(
            #"{"server": "http://exa mple.com"}"#, .invalidValue, key: "server",
            #"test.json: "server" must be an http, https, ws or wss URL with a host, or null, got "http://exa mple.com""#),
        ConfigurationRejectionRow(
            #"{"server": "http://"}"#, .invalidValue, key: "server",
            #"test.json: "server" must be an http, https, ws or wss URL with a host, or null, got "http://""#),
        ConfigurationRejectionRow(
            #"{"server": "ftp://example.com"}"#, .invalidValue, key: "server",
            #"test.json: "server" must be an http, https, ws or wss URL with a host, or null, got "ftp://example.com""#),
        ConfigurationRejectionRow(
            #"{"server": "localhost:8080"}"#, .invalidValue, key: "server",
            #"test.json: "server" must be an http, https, ws or wss URL with a host, or null, got "localhost:8080""#),
        ConfigurationRejectionRow(
            #"{"server": 8080}"#, .wrongType, key: "server",
            #"test.json: "server" must be an http, https, ws or wss URL with a host, or null, got 8080"#),
        ConfigurationRejectionRow(
            ##"{"maskColor": "black"}"##, .invalidValue, key: "maskColor",
            ##"test.json: "maskColor" must be a colour written "#RRGGBB" or "#RRGGBBAA", got "black""##),
        ConfigurationRejectionRow(
            ##"{"maskColor": "#12345"}"##, .invalidValue, key: "maskColor",
            ##"test.json: "maskColor" must be a colour written "#RRGGBB" or "#RRGGBBAA", got "#12345""##),
        ConfigurationRejectionRow(
            ##"{"maskColor": [0, 0, 0]}"##, .wrongType, key: "maskColor",
            ##"test.json: "maskColor" must be a colour written "#RRGGBB" or "#RRGGBBAA", got an array"##),
        ConfigurationRejectionRow(
            #"{"videoMode": "video"}"#, .invalidValue, key: "videoMode",
            #"test.json: "videoMode" must be one of "full", "agentOnly", "none", got "video""#),
        ConfigurationRejectionRow(
            #"{"screenShareScopes": ["window", "desktop"]}"#, .invalidValue, key: "screenShareScopes[1]",
            #"test.json: "screenShareScopes[1]" must be one of "window", "screen", got "desktop""#),
        ConfigurationRejectionRow(
            #"{"screenShareScopes": ["screen", "screen"]}"#, .invalidValue, key: "screenShareScopes",
            #"test.json: "screenShareScopes" must be an array of "window" and "screen", each at most once, got an array"#),
        ConfigurationRejectionRow(
            #"{"screenShareScopes": "screen"}"#, .wrongType, key: "screenShareScopes",
            #"test.json: "screenShareScopes" must be an array of "window" and "screen", each at most once, got "screen""#),
        ConfigurationRejectionRow(
            #"{"screenControl": "yes"}"#, .wrongType, key: "screenControl",
            #"test.json: "screenControl" must be true or false, got "yes""#),
        ConfigurationRejectionRow(
            #"{"queueStyle": "estimated"}"#, .invalidValue, key: "queueStyle",
            #"test.json: "queueStyle" must be one of "position", "estimatedWaitTime", "none", got "estimated""#),
        ConfigurationRejectionRow(
            #"{"reconnectJitter": true}"#, .wrongType, key: "reconnectJitter",
            #"test.json: "reconnectJitter" must be one of "none", "full", got true"#),
        ConfigurationRejectionRow(
            #"{"chatTemplateURL": "ftp://example.com/templates/chat/assist/index.html"}"#, .invalidValue, key: "chatTemplateURL",
            #"test.json: "chatTemplateURL" must be an http or https URL with a host, or empty, got "ftp://example.com/templates/chat/assist/index.html""#),
        ConfigurationRejectionRow(
            #"{"chatTemplateURL": "templates/chat/assist/index.html"}"#, .invalidValue, key: "chatTemplateURL",
            #"test.json: "chatTemplateURL" must be an http or https URL with a host, or empty, got "templates/chat/assist/index.html""#),
        ConfigurationRejectionRow(
            #"{"chatTemplateURL": null}"#, .wrongType, key: "chatTemplateURL",
            #"test.json: "chatTemplateURL" must be a string, got null"#),
        ConfigurationRejectionRow(
            #"{"customerData": ["SAMLResponse"]}"#, .wrongType, key: "customerData",
            #"test.json: "customerData" must be an object of strings, got an array"#),
        ConfigurationRejectionRow(
            #"{"customerData": {"fieldname_2": 7}}"#, .wrongType, key: "customerData.fieldname_2",
            #"test.json: "customerData.fieldname_2" must be a string, got 7"#),
    ]

    @Test("Unknown keys and values of the wrong JSON type are rejected, naming the key and the file", arguments: keysAndTypes)
    func rejectsKeyOrType(_ row: ConfigurationRejectionRow) {
        row.check()
    }

    @Test("Negative or inconsistent timeouts, intervals and wait bounds are rejected, naming the key", arguments: timeouts)
    func rejectsTimeouts(_ row: ConfigurationRejectionRow) {
        row.check()
    }

    @Test("Malformed servers, colours and enum values are rejected, naming the key and the allowed values", arguments: values)
    func rejectsValues(_ row: ConfigurationRejectionRow) {
        row.check()
    }

    @Test("Empty retryIntervals with empty maxReconnectTimeouts means no reconnection and is accepted")
    func noReconnection() throws {
        let configuration = try ConfigurationFixtures.decode(#"{"retryIntervals": [], "maxReconnectTimeouts": []}"#)
        #expect(configuration.retryIntervals.isEmpty)
        #expect(configuration.maxReconnectTimeouts.isEmpty)
    }

    @Test("Text that is not JSON is rejected, naming the file")
    func notJSON() {
        let error = #expect(throws: ConfigurationError.self) { try ConfigurationFixtures.decode(#"{"timeout": "#) }
        #expect(error?.description == "test.json: is not valid JSON")
        #expect(error?.code == .notJSON)
        #expect(error?.key == nil)
    }

    @Test("JSON that is not an object is rejected, naming the file and what it got")
    func notAnObject() {
        let error = #expect(throws: ConfigurationError.self) { try ConfigurationFixtures.decode("[1, 2]") }
        #expect(error?.description == "test.json: must hold a JSON object of settings, got an array")
        #expect(error?.code == .notAnObject)
    }

    @Test("A configuration built in code with a negative timeout fails validation, naming the source given")
    func validatesCodeBuiltConfiguration() {
        var configuration = Configuration()
        configuration.timeout = -2
        let error = #expect(throws: ConfigurationError.self) { try configuration.validate(source: "MyApp") }
        #expect(error?.description == #"MyApp: "timeout" must be a number of seconds ≥ 0, got -2"#)
    }

    @Test("A timeout that is not finite fails validation")
    func rejectsInfiniteTimeout() {
        var configuration = Configuration()
        configuration.initialConnectTimeout = .infinity
        let error = #expect(throws: ConfigurationError.self) { try configuration.validate() }
        #expect(error?.key == "initialConnectTimeout")
    }
}
