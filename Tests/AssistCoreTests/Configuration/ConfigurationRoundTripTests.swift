import AssistCore
import Foundation
import Testing

@Suite("Configuration JSON round trip and equality")
struct ConfigurationRoundTripTests {
    /// A configuration with every setting changed from its default.
    static var customised: Configuration {
        var configuration = Configuration()
        configuration.server = URL(string: "https://assist.example.com:8443")
        configuration.autoStart = true
        configuration.destination = "agent1"
        configuration.videoMode = .none
        configuration.correlationId = "cid"
        configuration.auditName = "Jane & co"
        configuration.acceptSelfSignedCerts = true
        configuration.useCookies = true
        configuration.timeout = 0.25
        configuration.sessionToken = "token"
        configuration.uui = "é"
        configuration.retryIntervals = [0.5, 1.5]
        configuration.maxReconnectTimeouts = [3]
        configuration.initialConnectTimeout = 9
        configuration.reconnectJitter = .full
        configuration.isAgentWindowOnTop = true
        configuration.useTestMediaSources = true
        configuration.hidingTags = ["a"]
        configuration.maskingTags = ["b", "c"]
        configuration.maskColor = RGBAColor(red: 1, green: 2, blue: 3, alpha: 4)
        configuration.addSharedDocCloseListener = false
        configuration.keepAnnotationsOnChange = true
        configuration.screenShareScopes = [.screen, .window]
        configuration.screenControl = true
        configuration.visitorName = "Jane"
        configuration.queueStyle = .none
        configuration.minimumEstimatedWaitTime = 0
        configuration.maximumEstimatedWaitTime = 0
        configuration.allowMinimization = false
        configuration.allowURLPreview = false
        configuration.defaultToMinimized = true
        configuration.allowBackgroundNotifications = false
        configuration.remoteLoggingEnabled = true
        configuration.keepSessionOnRestart = false
        configuration.sessionStateDirectory = "/var/lib/assist-kept"
        configuration.receivedFilesDirectory = "/srv/received"
        configuration.chatTemplateURL = "https://assist.example.com/system/templates/chat/assist/index.html?entryPointId=1&postChatAttributes=true"
        configuration.customerData = ["fieldname_2": "ada@example.com", "SAMLResponse": "PHNhbWw+\"é"]
        configuration.prechatFields = [
            PrechatField(label: "Name", kind: .text(maxLength: 10), isRequired: true),
            PrechatField(
                label: "Plan", kind: .picker(options: [PrechatPickerOption(label: "Free", value: "free")]),
                value: "free", presentation: .hidden),
            PrechatField(label: "Copy", kind: .checkbox, value: "false", presentation: .readOnly),
        ]
        configuration.prechatEntities = [
            PrechatEntity(
                entityName: "Contact", saveToTranscript: "ContactId", linkToEntityName: "Case",
                linkToEntityField: "ContactId", showOnCreate: true,
                fields: [PrechatEntityField(fieldName: "LastName", label: "Name", doFind: true, doCreate: true)])
        ]
        return configuration
    }

    @Test("The default configuration written as JSON loads back equal")
    func defaultsRoundTrip() throws {
        let data = try Configuration().jsonData()
        #expect(try Configuration.decode(from: data, file: "round-trip.json") == Configuration())
    }

    @Test("A configuration with every setting changed, written as JSON, loads back equal")
    func customisedRoundTrip() throws {
        let data = try Self.customised.jsonData()
        #expect(try Configuration.decode(from: data, file: "round-trip.json") == Self.customised)
    }

    @Test("The written JSON has exactly the documented keys")
    func writtenKeys() throws {
        let object = try JSONSerialization.jsonObject(with: Configuration().jsonData()) as? [String: Any]
        #expect(
            object.map { Set($0.keys) } == [
                "server", "autoStart", "destination", "videoMode", "correlationId", "auditName",
                "acceptSelfSignedCerts", "useCookies", "timeout", "sessionToken", "uui", "retryIntervals",
                "maxReconnectTimeouts", "initialConnectTimeout", "reconnectJitter", "isAgentWindowOnTop", "useTestMediaSources",
                "hidingTags", "maskingTags", "maskColor", "addSharedDocCloseListener", "keepAnnotationsOnChange",
                "screenShareScopes", "screenControl",
                "visitorName", "queueStyle", "minimumEstimatedWaitTime", "maximumEstimatedWaitTime",
                "allowMinimization", "allowURLPreview", "defaultToMinimized", "allowBackgroundNotifications",
                "remoteLoggingEnabled", "keepSessionOnRestart", "sessionStateDirectory", "receivedFilesDirectory", "chatTemplateURL", "customerData", "prechatFields",
                "prechatEntities",
            ])
    }

    @Test("An invalid configuration is not written")
    func invalidNotWritten() {
        var configuration = Configuration()
        configuration.retryIntervals = [.nan]
        let error = #expect(throws: ConfigurationError.self) { try configuration.jsonData() }
        #expect(error?.key == "retryIntervals[0]")
    }

    @Test("Configurations differing in one setting are not equal")
    func differingSetting() {
        var other = Configuration()
        other.hidingTags = ["x"]
        #expect(other != Configuration())
    }

    @MainActor
    @Test("Delegates compare by identity and are not part of JSON")
    func delegatesByIdentity() throws {
        let delegate = ConfigurationTestDelegate()
        var first = Configuration()
        first.connectionDelegate = delegate
        first.screenShareRequestedDelegate = delegate
        first.agentCobrowseDelegate = delegate
        first.pushDelegate = delegate
        var second = first
        #expect(first == second)
        let other = ConfigurationTestDelegate()
        second.pushDelegate = other
        #expect(first != second)
        #expect(try Configuration.decode(from: first.jsonData(), file: "x.json").connectionDelegate == nil)
    }

    @MainActor
    @Test("Delegates are held weakly")
    func delegatesAreWeak() {
        var configuration = Configuration()
        var delegate: ConfigurationTestDelegate? = ConfigurationTestDelegate()
        configuration.connectionDelegate = delegate
        #expect(configuration.connectionDelegate === delegate)
        delegate = nil
        #expect(configuration.connectionDelegate == nil)
    }
}
