import Foundation
import NIOSSL
import PostgresNIO

/// Where a PostgreSQL database is and who connects to it, read from a URL
/// such as `postgres://user:password@host:5432/database` (or
/// `postgresql://…`). A `host` query parameter naming a folder, as in
/// `postgres://user@/database?host=/run/postgresql`, connects through the
/// Unix socket PostgreSQL keeps in that folder instead of TCP.
struct PostgresDatabaseURL: Sendable, Hashable {
    /// How the server is reached.
    enum Endpoint: Sendable, Hashable {
        /// TCP to `host` on `port`, with TLS when the server offers it.
        case tcp(host: String, port: Int)
        /// The socket `.s.PGSQL.<port>` in `directory`, without TLS.
        case unixSocket(directory: String, port: Int)
    }

    /// PostgreSQL's port when the URL names none.
    static let defaultPort = 5432

    var username: String
    var password: String?
    var endpoint: Endpoint
    var database: String

    /// Reads `text`; the error says what is missing or wrong, with any
    /// password in the URL masked.
    init(parsing text: String) throws(PostgresDatabaseURLError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme else {
            throw PostgresDatabaseURLError(
                "the database URL is not a URL of the form postgres://user:password@host:port/database")
        }
        let shown = Self.masked(components)
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw PostgresDatabaseURLError(
                "the database URL \(shown) starts with \(scheme)://, not postgres:// or postgresql://")
        }
        guard let username = components.user, !username.isEmpty else {
            throw PostgresDatabaseURLError("the database URL \(shown) has no user name")
        }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw PostgresDatabaseURLError("the database URL \(shown) has no database name")
        }
        var socketDirectory: String?
        for item in components.queryItems ?? [] {
            guard item.name == "host" else {
                throw PostgresDatabaseURLError("the database URL \(shown) has an unknown parameter \(item.name)")
            }
            guard let value = item.value, value.hasPrefix("/") else {
                throw PostgresDatabaseURLError(
                    "the database URL \(shown) has a host parameter that is not an absolute socket folder")
            }
            socketDirectory = value
        }
        let port = components.port ?? Self.defaultPort
        guard (1...65_535).contains(port) else {
            throw PostgresDatabaseURLError("the database URL \(shown) has port \(port), outside 1–65535")
        }
        if let socketDirectory {
            guard (components.host ?? "").isEmpty else {
                throw PostgresDatabaseURLError(
                    "the database URL \(shown) names both a host and a socket folder (host parameter)")
            }
            endpoint = .unixSocket(directory: socketDirectory, port: port)
        } else {
            guard let host = components.host, !host.isEmpty else {
                throw PostgresDatabaseURLError("the database URL \(shown) has no host")
            }
            endpoint = .tcp(host: host, port: port)
        }
        self.username = username
        self.password = components.password
        self.database = database
    }

    /// Whether `text` names a PostgreSQL database (`postgres://…` or
    /// `postgresql://…`) rather than a SQLite file.
    static func isPostgres(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// The configuration of a client connecting to this database.
    var clientConfiguration: PostgresClient.Configuration {
        switch endpoint {
        case .tcp(let host, let port):
            PostgresClient.Configuration(
                host: host, port: port, username: username, password: password, database: database,
                tls: .prefer(.makeClientConfiguration()))
        case .unixSocket(let directory, let port):
            PostgresClient.Configuration(
                unixSocketPath: Self.socketPath(directory: directory, port: port), username: username,
                password: password, database: database)
        }
    }

    /// The path of the socket PostgreSQL listening on `port` keeps in `directory`.
    static func socketPath(directory: String, port: Int) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent(".s.PGSQL.\(port)").path
    }

    /// The URL as errors show it: its password, if any, replaced by `***`.
    private static func masked(_ components: URLComponents) -> String {
        var shown = components
        if shown.password != nil { shown.password = "***" }
        return shown.string ?? "postgres://…"
    }
}

/// What is wrong with a database URL, as one sentence for the person
/// starting the server.
struct PostgresDatabaseURLError: Error, Hashable, CustomStringConvertible {
    let description: String

    /// An error saying `description`.
    init(_ description: String) {
        self.description = description
    }
}
