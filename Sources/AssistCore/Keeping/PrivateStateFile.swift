import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One file of the person's in a private folder (mode 0700), written with
/// mode 0600 and atomically: the bytes go to a temporary file in the same
/// folder, which is flushed to the disk (`fsync`) and renamed over the file,
/// and the folder is flushed too, so a crash at any moment leaves the old
/// contents or the new ones, never a mix.
struct PrivateStateFile: Sendable {
    /// The folder, made on the first write.
    let folder: URL
    /// The file's name in ``folder``.
    let name: String

    /// The file.
    var url: URL { folder.appendingPathComponent(name) }

    /// Writes `data` atomically, making the folder if needed.
    ///
    /// - Throws: one sentence naming the path and the system's reason.
    func write(_ data: Data) throws(PrivateStateFileError) {
        try makeFolder()
        let temporary = folder.appendingPathComponent(".\(name).\(getpid()).tmp")
        unlink(temporary.path)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot be created", temporary) }
        let written = data.withUnsafeBytes { bytes in Self.writeAll(descriptor, bytes) }
        let flushed = written && fsync(descriptor) == 0
        let failedWrite = flushed ? nil : failure("cannot be written", temporary)
        close(descriptor)
        if let failedWrite {
            unlink(temporary.path)
            throw failedWrite
        }
        guard rename(temporary.path, url.path) == 0 else {
            let error = failure("cannot replace \(url.path)", temporary)
            unlink(temporary.path)
            throw error
        }
        let folderDescriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Removes the file, if there is one.
    ///
    /// - Throws: one sentence when it exists and cannot be removed.
    func delete() throws(PrivateStateFileError) {
        guard unlink(url.path) == 0 || errno == ENOENT else { throw failure("cannot be removed", url) }
    }

    private func makeFolder() throws(PrivateStateFileError) {
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw PrivateStateFileError(message: "\(folder.path) cannot be made: \(error.localizedDescription)")
        }
        guard chmod(folder.path, 0o700) == 0 else { throw failure("cannot be made private", folder) }
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }

    private func failure(_ what: String, _ path: URL) -> PrivateStateFileError {
        PrivateStateFileError(message: "\(path.path) \(what): \(String(cString: strerror(errno)))")
    }
}

/// Why a ``PrivateStateFile`` could not be written or removed, in one
/// sentence naming the path.
struct PrivateStateFileError: Error, Sendable {
    let message: String
}
