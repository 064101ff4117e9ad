import AssistCore
import Testing

@Suite("The desktop app's data folder: override, installed prefix, source tree")
struct DataDirectoryLocatorTests {
    /// A file system holding exactly `files`.
    private static func files(_ files: Set<String>) -> (String) -> Bool {
        { files.contains($0) }
    }

    @Test("an installed app finds PREFIX/share/assist beside PREFIX/bin, whatever the prefix")
    func installedPrefix() {
        for prefix in ["/usr", "/usr/local", "/tmp/assist-install.1/opt/assist"] {
            let found = DataDirectoryLocator.locate(
                environment: [:], executablePath: "\(prefix)/bin/assist-desktop",
                isFile: Self.files(["\(prefix)/share/assist/assist.css"]))
            #expect(found.directory == "\(prefix)/share/assist")
        #expect(found.ignoredOverride == nil)
        }
    }

    @Test("a build inside the source tree finds data/ above .build")
    func sourceTree() {
        let found = DataDirectoryLocator.locate(
            environment: [:], executablePath: "/src/assist/.build/x86_64-unknown-linux-gnu/debug/assist-desktop",
            isFile: Self.files(["/src/assist/data/assist.css"]))
        #expect(found.directory == "/src/assist/data")
    }

    @Test("the installed data wins over a source tree above the binary")
    func installedBeforeSourceTree() {
        let found = DataDirectoryLocator.locate(
            environment: [:], executablePath: "/src/assist/stage/bin/assist-desktop",
            isFile: Self.files(["/src/assist/stage/share/assist/assist.css", "/src/assist/data/assist.css"]))
        #expect(found.directory == "/src/assist/stage/share/assist")
    }

    @Test("ASSIST_DATA_DIR overrides every other place")
    func overrideFirst() {
        let found = DataDirectoryLocator.locate(
            environment: [DataDirectoryLocator.environmentVariable: "/home/ada/assist-data/"],
            executablePath: "/usr/bin/assist-desktop",
            isFile: Self.files(["/home/ada/assist-data/assist.css", "/usr/share/assist/assist.css"]))
        #expect(found.directory == "/home/ada/assist-data")
        #expect(found.ignoredOverride == nil)
    }

    @Test("an ASSIST_DATA_DIR without the data is reported and the search goes on")
    func overrideWithoutData() {
        let found = DataDirectoryLocator.locate(
            environment: [DataDirectoryLocator.environmentVariable: "/nowhere"],
            executablePath: "/usr/bin/assist-desktop",
            isFile: Self.files(["/usr/share/assist/assist.css"]))
        #expect(found.directory == "/usr/share/assist")
        #expect(found.ignoredOverride == "/nowhere")
    }

    @Test("an empty ASSIST_DATA_DIR counts as unset")
    func emptyOverride() {
        let found = DataDirectoryLocator.locate(
            environment: [DataDirectoryLocator.environmentVariable: ""], executablePath: "/usr/bin/assist-desktop",
            isFile: Self.files([]))
        #expect(found.directory == nil)
        #expect(found.ignoredOverride == nil)
    }

    @Test("a binary copied away from any data finds none, which is not an error")
    func nothingFound() {
        let found = DataDirectoryLocator.locate(
            environment: [:], executablePath: "/tmp/elsewhere/assist-desktop", isFile: Self.files([]))
        #expect(found.directory == nil)
        #expect(found.ignoredOverride == nil)
        #expect(DataDirectoryLocator.locate(environment: [:], executablePath: nil, isFile: { _ in true }).directory == nil)
    }
}
