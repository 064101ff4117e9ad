@testable import AssistServer
import PostgresNIO
import Testing

@Suite("Reading a PostgreSQL database URL")
struct PostgresDatabaseURLTests {
    @Test("a TCP URL gives its user, password, host, port and database")
    func tcpURL() throws {
        let url = try PostgresDatabaseURL(parsing: "postgres://assist:s%40cret@db.example.org:6543/support")
        #expect(url.username == "assist")
        #expect(url.password == "s@cret")
        #expect(url.endpoint == .tcp(host: "db.example.org", port: 6543))
        #expect(url.database == "support")
    }

    @Test("postgresql:// is read as postgres://, and the port defaults to 5432 without a password")
    func postgresqlSchemeAndDefaults() throws {
        let url = try PostgresDatabaseURL(parsing: "postgresql://assist@localhost/support")
        #expect(url.password == nil)
        #expect(url.endpoint == .tcp(host: "localhost", port: 5432))
    }

    @Test("a host parameter names the folder of a Unix socket, whose path ends in the port")
    func unixSocketURL() throws {
        let url = try PostgresDatabaseURL(parsing: "postgres://postgres@/t_1?host=/tmp/assist-pg-1")
        #expect(url.endpoint == .unixSocket(directory: "/tmp/assist-pg-1", port: 5432))
        #expect(url.clientConfiguration.unixSocketPath == "/tmp/assist-pg-1/.s.PGSQL.5432")
        #expect(url.clientConfiguration.host == nil)
    }

    @Test(
        "a wrong URL is refused with a sentence naming what is wrong, its password masked",
        arguments: [
            ("postgres://assist:secret@localhost", "the database URL postgres://assist:***@localhost has no database name"),
            ("postgres://localhost/support", "the database URL postgres://localhost/support has no user name"),
            ("mysql://assist@localhost/support", "the database URL mysql://assist@localhost/support starts with mysql://, not postgres:// or postgresql://"),
            ("postgres://assist@/support", "the database URL postgres://assist@/support has no host"),
            ("postgres://assist@/support?sslmode=off", "the database URL postgres://assist@/support?sslmode=off has an unknown parameter sslmode"),
            ("postgres://assist@/support?host=run", "the database URL postgres://assist@/support?host=run has a host parameter that is not an absolute socket folder"),
            ("postgres://assist@db/support?host=/run", "the database URL postgres://assist@db/support?host=/run names both a host and a socket folder (host parameter)"),
            ("not a url", "the database URL is not a URL of the form postgres://user:password@host:port/database"),
        ])
    func wrongURLs(text: String, message: String) {
        #expect(throws: PostgresDatabaseURLError(message)) { try PostgresDatabaseURL(parsing: text) }
    }
}
