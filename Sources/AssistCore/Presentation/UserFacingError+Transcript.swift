import Foundation

extension UserFacingError {
    /// The sentence for a transcript that could not be written to `file`:
    /// what stood in the way — no permission, a read-only disk, a full disk,
    /// a folder that is not there — with the folder's path, or the system's
    /// own description of anything else.
    public init(savingTranscriptTo file: URL, error: any Error) {
        let folder = file.deletingLastPathComponent().path
        let name = file.lastPathComponent
        let reason: String
        switch Self.fileProblem(of: error) {
        case .noPermission: reason = localized("you may not write in the folder {folder}", ["folder": folder])
        case .readOnly: reason = localized("the folder {folder} is on a disk that cannot be written to", ["folder": folder])
        case .full: reason = localized("the disk holding {folder} is full", ["folder": folder])
        case .missingFolder: reason = localized("the folder {folder} does not exist", ["folder": folder])
        case nil: reason = (error as NSError).localizedDescription.trimmingCharacters(in: .punctuationCharacters)
        }
        self.init(
            message: localized("The transcript could not be saved as “{name}”: {reason}.", ["name": name, "reason": reason]), remedy: .dismiss)
    }

    /// The sentence for a transcript that could not be printed, with the
    /// printing system's own description.
    public init(printingTranscriptFailedWith description: String) {
        let detail = description.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
        self.init(
            message: detail.isEmpty
                ? localized("The transcript could not be printed.")
                : localized("The transcript could not be printed: {reason}.", ["reason": detail]),
            remedy: .dismiss)
    }

    private enum FileProblem {
        case noPermission, readOnly, full, missingFolder
    }

    private static func fileProblem(of error: any Error) -> FileProblem? {
        if let error = error as? CocoaError {
            switch error.code {
            case .fileWriteNoPermission: return .noPermission
            case .fileWriteVolumeReadOnly: return .readOnly
            case .fileWriteOutOfSpace: return .full
            case .fileNoSuchFile: return .missingFolder
            default: break
            }
            if let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error { return fileProblem(of: underlying) }
            return nil
        }
        if let error = error as? POSIXError {
            switch error.code {
            case .EACCES, .EPERM: return .noPermission
            case .EROFS: return .readOnly
            case .ENOSPC, .EDQUOT: return .full
            case .ENOENT, .ENOTDIR: return .missingFolder
            default: return nil
            }
        }
        return nil
    }
}
