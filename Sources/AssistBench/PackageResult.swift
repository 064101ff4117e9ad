import Foundation

/// The Debian packages' sizes, and the installed app's start-up against the
/// minimal GTK window.
struct PackageResult {
    /// One `.deb`: its name, its file size and what it takes once installed.
    struct Package {
        /// The file's name, e.g. `assist_0.1.0_amd64.deb`.
        let fileName: String
        /// The `.deb`'s size in bytes.
        let fileBytes: Int
        /// Its control file's `Installed-Size`, KiB.
        let installedKiB: Int
    }

    /// The packages, in the order they were given.
    let packages: [Package]
    /// The installed `assist-desktop` against `gtk-minimal-window`, one per GL condition.
    let installedStart: [DesktopStartResult]
}

/// Reads the packages' figures and measures the installed app's start.
enum PackageBenchmark {
    /// Measures `packages` (`.deb` files) and launches `installedApp` (the
    /// package's `usr/bin/assist-desktop` in an install root, which finds its
    /// data beside it) alternately with `baseline`.
    static func run(packages: [URL], installedApp: URL, baseline: URL) throws -> PackageResult {
        let measured = try packages.map { file in
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
            return PackageResult.Package(
                fileName: file.lastPathComponent, fileBytes: size, installedKiB: try installedSize(of: file))
        }
        let start = try GLLoading.allCases.map { gl in
            try DesktopStartBenchmark.run(
                app: installedApp, appArguments: ["--server", "http://127.0.0.1:9"], baseline: baseline, gl: gl)
        }
        return PackageResult(packages: measured, installedStart: start)
    }

    /// `Installed-Size` from the package's control file (`dpkg-deb -f`).
    private static func installedSize(of package: URL) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dpkg-deb")
        process.arguments = ["-f", package.path, "Installed-Size"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let kibibytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw PackageBenchmarkError.noInstalledSize(package.lastPathComponent) }
        return kibibytes
    }
}

/// Why the package figures could not be read.
enum PackageBenchmarkError: Error, CustomStringConvertible {
    case noInstalledSize(String)

    var description: String {
        switch self {
        case .noInstalledSize(let file): "\(file) has no Installed-Size that dpkg-deb could read"
        }
    }
}
