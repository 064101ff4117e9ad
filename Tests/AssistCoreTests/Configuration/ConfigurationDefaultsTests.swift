import AssistCore
import Foundation
import Testing

/// One row of a defaults table: a property and the value `Configuration()` has.
struct ConfigurationDefaultRow: Sendable, CustomTestStringConvertible {
    let property: String
    let expected: String
    let actual: @Sendable (Configuration) -> String

    init<Value: Sendable>(_ property: String, _ expected: Value, _ read: @escaping @Sendable (Configuration) -> Value) {
        self.property = property
        self.expected = String(describing: expected)
        self.actual = { String(describing: read($0)) }
    }

    var testDescription: String { "\(property) = \(expected)" }
}

@Suite("Configuration defaults")
struct ConfigurationDefaultsTests {
    static let liveAssistSeed: [ConfigurationDefaultRow] = [
        ConfigurationDefaultRow("destination", "") { $0.destination },
        ConfigurationDefaultRow("videoMode", VideoMode.full) { $0.videoMode },
        ConfigurationDefaultRow("correlationId", "") { $0.correlationId },
        ConfigurationDefaultRow("auditName", "") { $0.auditName },
        ConfigurationDefaultRow("acceptSelfSignedCerts", false) { $0.acceptSelfSignedCerts },
        ConfigurationDefaultRow("useCookies", false) { $0.useCookies },
        ConfigurationDefaultRow("isAgentWindowOnTop", false) { $0.isAgentWindowOnTop },
        ConfigurationDefaultRow("useTestMediaSources (not in the seed)", false) { $0.useTestMediaSources },
        ConfigurationDefaultRow("hidingTags", [String]()) { $0.hidingTags },
        ConfigurationDefaultRow("maskingTags", [String]()) { $0.maskingTags },
        ConfigurationDefaultRow("maskColor", RGBAColor.black) { $0.maskColor },
        ConfigurationDefaultRow("timeout", 5.0) { $0.timeout },
        ConfigurationDefaultRow("sessionToken", "") { $0.sessionToken },
        ConfigurationDefaultRow("addSharedDocCloseListener", true) { $0.addSharedDocCloseListener },
        ConfigurationDefaultRow("keepAnnotationsOnChange", false) { $0.keepAnnotationsOnChange },
        ConfigurationDefaultRow("screenShareScopes (not in the seed)", [ShareScope.window]) { $0.screenShareScopes },
        ConfigurationDefaultRow("screenControl (not in the seed)", false) { $0.screenControl },
        ConfigurationDefaultRow("screenShareRequestedDelegate", "nil") { $0.screenShareRequestedDelegate == nil ? "nil" : "set" },
        ConfigurationDefaultRow("agentCobrowseDelegate", "nil") { $0.agentCobrowseDelegate == nil ? "nil" : "set" },
        ConfigurationDefaultRow("connectionDelegate", "nil") { $0.connectionDelegate == nil ? "nil" : "set" },
        ConfigurationDefaultRow("pushDelegate", "nil") { $0.pushDelegate == nil ? "nil" : "set" },
        ConfigurationDefaultRow("uui", "") { $0.uui },
        ConfigurationDefaultRow("retryIntervals", [1.0, 2.0, 4.0, 8.0, 16.0, 32.0]) { $0.retryIntervals },
        ConfigurationDefaultRow("maxReconnectTimeouts", [5.0]) { $0.maxReconnectTimeouts },
        ConfigurationDefaultRow("initialConnectTimeout", 30.0) { $0.initialConnectTimeout },
    ]

    static let chatSeed: [ConfigurationDefaultRow] = [
        ConfigurationDefaultRow("allowMinimization", true) { $0.allowMinimization },
        ConfigurationDefaultRow("allowURLPreview", true) { $0.allowURLPreview },
        ConfigurationDefaultRow("defaultToMinimized (desktop: false)", false) { $0.defaultToMinimized },
        ConfigurationDefaultRow("allowBackgroundNotifications", true) { $0.allowBackgroundNotifications },
        ConfigurationDefaultRow("prechatEntities (seed nil: empty)", 0) { $0.prechatEntities.count },
        ConfigurationDefaultRow("prechatFields (seed nil: empty)", 0) { $0.prechatFields.count },
        ConfigurationDefaultRow("queueStyle", QueueStyle.position) { $0.queueStyle },
        ConfigurationDefaultRow("remoteLoggingEnabled (desktop: false)", false) { $0.remoteLoggingEnabled },
        ConfigurationDefaultRow("visitorName", "Visitor") { $0.visitorName },
    ]

    static let assistAdditions: [ConfigurationDefaultRow] = [
        ConfigurationDefaultRow("server", "nil") { $0.server?.absoluteString ?? "nil" },
        ConfigurationDefaultRow("autoStart", false) { $0.autoStart },
        ConfigurationDefaultRow("reconnectJitter", ReconnectJitter.none) { $0.reconnectJitter },
        ConfigurationDefaultRow("minimumEstimatedWaitTime", 60.0) { $0.minimumEstimatedWaitTime },
        ConfigurationDefaultRow("maximumEstimatedWaitTime", 600.0) { $0.maximumEstimatedWaitTime },
        ConfigurationDefaultRow("keepSessionOnRestart", true) { $0.keepSessionOnRestart },
        ConfigurationDefaultRow("sessionStateDirectory", "") { $0.sessionStateDirectory },
        ConfigurationDefaultRow("receivedFilesDirectory", "") { $0.receivedFilesDirectory },
        ConfigurationDefaultRow("chatTemplateURL", "") { $0.chatTemplateURL },
        ConfigurationDefaultRow("customerData", [String: String]()) { $0.customerData },
    ]

    @Test("Configuration() has each default of the Live Assist session configuration table", arguments: liveAssistSeed)
    func liveAssistSeedDefault(_ row: ConfigurationDefaultRow) {
        #expect(row.actual(Configuration()) == row.expected)
    }

    @Test("Configuration() has each default of the chat configuration tables", arguments: chatSeed)
    func chatSeedDefault(_ row: ConfigurationDefaultRow) {
        #expect(row.actual(Configuration()) == row.expected)
    }

    @Test("Configuration() has each default Assist chose for settings the seeds leave open", arguments: assistAdditions)
    func assistDefault(_ row: ConfigurationDefaultRow) {
        #expect(row.actual(Configuration()) == row.expected)
    }

    @Test("The defaults pass validation")
    func defaultsAreValid() throws {
        try Configuration().validate()
    }
}
