import Foundation

/// Where a file sent or received in chat stands, for its entry to show:
/// a progress bar and Cancel while it uploads, Open and Show in folder once
/// saved, or one sentence when it went wrong.
public enum ChatFileState: Sendable, Hashable {
    /// The person's file is uploading: `sent` of `size` bytes are on the server.
    case uploading(sent: Int, size: Int)
    /// The person's file is on the server; its message goes out (or went out) as any other.
    case uploaded
    /// The person's file was not sent; the sentence says why.
    case notSent(String)
    /// The person cancelled the upload.
    case cancelled
    /// A file the person received is being saved.
    case downloading
    /// A file the person received was saved at this path.
    case saved(path: String)
    /// A file the person received could not be saved; the sentence says why.
    case notSaved(String)

}
