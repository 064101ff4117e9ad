import AssistCore
import Foundation
import Testing

@Suite("Shipped configuration files")
struct ConfigurationShippedDataTests {
    static let prechatForms = ["basic-support.json", "known-customer.json"]

    @Test("data/assist.json loads and documents exactly the defaults, with a local server and assist-desktop's screen sharing and control")
    func assistJSON() throws {
        let configuration = try Configuration(contentsOf: ConfigurationFixtures.dataDirectory.appending(path: "assist.json"))
        var expected = Configuration()
        expected.server = URL(string: "http://127.0.0.1:8080")
        expected.screenShareScopes = [.window, .screen]
        expected.screenControl = true
        #expect(configuration == expected)
    }

    @Test("Each sample pre-chat form loads over data/assist.json", arguments: prechatForms)
    func prechatForm(_ name: String) throws {
        var configuration = try Configuration(contentsOf: ConfigurationFixtures.dataDirectory.appending(path: "assist.json"))
        try configuration.apply(contentsOf: ConfigurationFixtures.dataDirectory.appending(path: "prechat/\(name)"))
        #expect(!configuration.prechatFields.isEmpty)
    }

    @Test("data/prechat holds exactly the sample forms these tests load")
    func prechatFolder() throws {
        let names = try FileManager.default.contentsOfDirectory(
            atPath: ConfigurationFixtures.dataDirectory.appending(path: "prechat").path)
        #expect(names.sorted() == Self.prechatForms)
    }

    @Test("The known-customer form fills in hidden and read-only values and maps entities")
    func knownCustomer() throws {
        let configuration = try Configuration(
            contentsOf: ConfigurationFixtures.dataDirectory.appending(path: "prechat/known-customer.json"))
        #expect(configuration.prechatFields.contains { $0.presentation == .hidden && $0.value != nil })
        #expect(configuration.prechatFields.contains { $0.presentation == .readOnly && $0.value != nil })
        #expect(configuration.prechatEntities.map(\.entityName) == ["Contact", "Case"])
    }
}
