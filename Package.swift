// swift-tools-version:6.2
import PackageDescription

/// Settings every Assist target shares: Swift 6 mode with the upcoming features
/// that make dependencies and existentials explicit.
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Assist",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "AssistCore", targets: ["AssistCore"]),
        .library(name: "AssistGtk", targets: ["AssistGtk"]),
        .library(name: "AssistServer", targets: ["AssistServer"]),
        .library(name: "AssistCall", targets: ["AssistCall"]),
        .library(name: "AssistScreen", targets: ["AssistScreen"]),
        .library(name: "AssistWeb", targets: ["AssistWeb"]),
        .executable(name: "assist-desktop", targets: ["AssistDesktop"]),
        .executable(name: "assist-desktop-web", targets: ["AssistDesktopWeb"]),
        .executable(name: "assist-server", targets: ["AssistServerMain"]),
        .executable(name: "assist-bench", targets: ["AssistBench"]),
        .executable(name: "gtk-minimal-window", targets: ["MinimalGtkWindow"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // GStreamer, for the call's media engine and the shared screen's
        // pictures only: AssistCall and AssistScreen are the targets that
        // depend on it, so an app that uses neither never links GStreamer. One pkg-config
        // name per system library: gstreamer-webrtc-1.0 brings the include
        // paths of GStreamer and GLib (nice/agent.h is found under
        // /usr/include); the module map links the other libraries.
        .systemLibrary(
            name: "CGstreamer",
            pkgConfig: "gstreamer-webrtc-1.0",
            providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-bad1.0-dev", "libnice-dev"])]
        ),
        // Web pages in the app only: no other library target may depend on
        // it, so an app that never shows a web page neither links nor loads
        // WebKit. webkitgtk-6.0 brings GTK's and GLib's include paths too.
        .systemLibrary(
            name: "CWebKit",
            pkgConfig: "webkitgtk-6.0",
            providers: [.apt(["libwebkitgtk-6.0-dev"])]
        ),
        // The desktop's ScreenCast portal, through libportal 0.6 and its GTK 4
        // parent-window handles; AssistScreen's only. libportal-gtk4 brings
        // libportal's, GTK's and GLib's include paths.
        .systemLibrary(
            name: "CPortal",
            path: "Sources/CPortal",
            pkgConfig: "libportal-gtk4",
            providers: [.apt(["libportal-gtk4-dev"])]
        ),
        // glibc's gettext (libintl.h), for the person's language in AssistCore's
        // sentences; no library to link, glibc has it.
        .systemLibrary(name: "CGettext"),
        .target(
            name: "AssistCore",
            dependencies: [
                "CGettext",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "AssistGtk",
            dependencies: ["CGtk", "AssistCore"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "AssistCall",
            dependencies: ["CGstreamer", "CGtk", "AssistGtk", "AssistCore"],
            swiftSettings: strictSettings
        ),
        // Sharing a monitor or another window through the ScreenCast portal
        // (PortalScreenCapture); its pictures come from PipeWire through
        // GStreamer's pipewiresrc (Debian gstreamer1.0-pipewire at run time).
        .target(
            name: "AssistScreen",
            dependencies: ["AssistGtk", "AssistCore", "CGtk", "CGstreamer", "CPortal"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "AssistWeb",
            dependencies: ["CWebKit", "CGtk", "AssistGtk", "AssistCore"],
            swiftSettings: strictSettings
        ),
        // The app's window and life, shared by its two programs.
        .target(
            name: "AssistDesktopKit",
            dependencies: [
                "CGtk",
                "AssistGtk",
                "AssistCall",
                "AssistScreen",
                "AssistCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        // The app without WebKit: template mode is the next program's.
        .executableTarget(
            name: "AssistDesktop",
            dependencies: [
                "AssistDesktopKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        // Template mode (chatTemplateURL): the chat template in a web view.
        .executableTarget(
            name: "AssistDesktopWeb",
            dependencies: [
                "AssistDesktopKit",
                "AssistWeb",
                "AssistCore",
                "AssistGtk",
                "CGtk",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "AssistServer",
            dependencies: [
                "AssistCore",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "AssistServerMain",
            dependencies: [
                "AssistServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // The MQTT 3.1.1 packets the bench's Mosquitto peer needs (no Swift
        // MQTT library is available offline); pure, so it is tested alone.
        .target(
            name: "MQTTPackets",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "AssistBench",
            dependencies: [
                "AssistCall",
                "AssistCore",
                "AssistGtk",
                "AssistServer",
                "AssistWeb",
                "CGtk",
                "CWebKit",
                "MQTTPackets",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "MinimalGtkWindow",
            dependencies: ["AssistGtk", "CGtk"],
            path: "Benchmarks/MinimalGtkWindow",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AssistCoreTests",
            dependencies: ["AssistCore"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AssistServerTests",
            dependencies: [
                "AssistServer",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AssistCallTests",
            dependencies: ["AssistCall", "AssistGtk", "AssistCore", "CGstreamer", "CGtk"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AssistWebTests",
            dependencies: ["AssistWeb", "AssistGtk", "AssistCore", "CWebKit", "CGtk"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "MQTTPacketsTests",
            dependencies: ["MQTTPackets"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AssistGtkTests",
            dependencies: ["AssistGtk", "AssistCore"],
            swiftSettings: strictSettings
        ),
        // libFuzzer harnesses (Tests/fuzz, `./build.sh fuzz`). Built normally,
        // each replays the corpus files it is given; built with
        // `-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING` it runs libFuzzer.
        .target(
            name: "CLibFuzzer",
            path: "Tests/fuzz/Harnesses/CLibFuzzer"
        ),
        .target(
            name: "AssistFuzzing",
            dependencies: ["AssistCore", "CLibFuzzer"],
            path: "Tests/fuzz/Harnesses/AssistFuzzing",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FuzzConsumerDecoder",
            dependencies: ["AssistFuzzing", "AssistCore"],
            path: "Tests/fuzz/Harnesses/FuzzConsumerDecoder",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FuzzAgentDecoder",
            dependencies: ["AssistFuzzing", "AssistCore"],
            path: "Tests/fuzz/Harnesses/FuzzAgentDecoder",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FuzzCobrowseFrame",
            dependencies: ["AssistFuzzing", "AssistCore"],
            path: "Tests/fuzz/Harnesses/FuzzCobrowseFrame",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FuzzConfiguration",
            dependencies: ["AssistFuzzing", "AssistCore"],
            path: "Tests/fuzz/Harnesses/FuzzConfiguration",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "GtkBridgeProbe",
            dependencies: ["AssistGtk"],
            path: "Tests/GtkBridgeProbe",
            swiftSettings: strictSettings
        ),
    ]
)
