import Foundation
import Logging
import PostgresNIO

/// Every value a PostgreSQL database keeps in its tables, as bytes, for
/// tests that check no secret is in it: `bytea` columns as stored, every
/// other column as its text form.
struct PostgresStoredBytes {
    /// Every non-null value, with the table it came from.
    let values: [(table: String, bytes: Data)]

    /// Reads every column of every table in the `public` schema through `client`.
    init(client: PostgresClient, logger: Logger) async throws {
        var columns: [(table: String, column: String, type: String)] = []
        for try await column in try await client.query(
            """
            SELECT table_name::text, column_name::text, data_type::text FROM information_schema.columns
            WHERE table_schema = 'public' ORDER BY table_name, ordinal_position
            """, logger: logger
        ).decode((String, String, String).self) {
            columns.append(column)
        }
        var values: [(table: String, bytes: Data)] = []
        for (table, column, type) in columns {
            let source = "\"\(table)\""
            if type == "bytea" {
                for try await value in try await client.query(
                    "SELECT \(unescaped: "\"\(column)\"") FROM \(unescaped: source)", logger: logger
                ).decode(Data?.self) {
                    if let value { values.append((table, value)) }
                }
            } else {
                for try await value in try await client.query(
                    "SELECT \(unescaped: "\"\(column)\"")::text FROM \(unescaped: source)", logger: logger
                ).decode(String?.self) {
                    if let value { values.append((table, Data(value.utf8))) }
                }
            }
        }
        self.values = values
    }

    /// The tables holding `secret`'s UTF-8 bytes; empty when none does.
    func places(of secret: String) -> [String] {
        let needle = Data(secret.utf8)
        return Array(Set(values.filter { $0.bytes.range(of: needle) != nil }.map { "table \($0.table)" })).sorted()
    }
}
