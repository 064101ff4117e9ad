import Foundation
import GRDB

/// What a database keeps on disk, for tests that check no secret is in it:
/// the raw bytes of the database file and its WAL, and every text and blob
/// value of every table.
struct StoredBytes {
    /// The database file and its `-wal` file (empty when there is none).
    let files: [(name: String, bytes: Data)]
    /// Every text and blob value, as bytes, with the table it came from.
    let values: [(table: String, bytes: Data)]

    /// Reads the database at `path` as it is now, while its server may still
    /// have it open: the files byte for byte, then every table through a
    /// read-only connection.
    init(databaseAt path: String) throws {
        files = [path, path + "-wal"].map { file in
            (URL(fileURLWithPath: file).lastPathComponent, FileManager.default.contents(atPath: file) ?? Data())
        }
        var configuration = Configuration()
        configuration.readonly = true
        let reader = try DatabaseQueue(path: path, configuration: configuration)
        values = try reader.read { db in
            var values: [(table: String, bytes: Data)] = []
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            for table in tables {
                for row in try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)") {
                    for (_, value) in row {
                        switch value.storage {
                        case .string(let text): values.append((table, Data(text.utf8)))
                        case .blob(let blob): values.append((table, blob))
                        default: break
                        }
                    }
                }
            }
            return values
        }
        try reader.close()
    }

    /// Where `secret` appears: the names of the files and tables holding
    /// its UTF-8 bytes; empty when it appears nowhere.
    func places(of secret: String) -> [String] {
        let needle = Data(secret.utf8)
        return files.filter { $0.bytes.range(of: needle) != nil }.map(\.name)
            + values.filter { $0.bytes.range(of: needle) != nil }.map { "table \($0.table)" }
    }
}
