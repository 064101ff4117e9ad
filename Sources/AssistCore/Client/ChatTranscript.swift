import Foundation

/// The chat of one support session, in the order the person saw it, with the
/// delivery state of each of their messages.
///
/// - The person's messages appear at once as ``ChatEntry/Delivery/sending``,
///   move to `stored` and `delivered` as receipts arrive (never back), and
///   become `failed` only when the connection is given up before the server
///   confirmed them; ``retryFailed()`` makes them `sending` again when a new
///   attempt starts (the connection still holds them and resends them).
/// - Received messages are shown once, even when the server sends one again.
public struct ChatTranscript: Sendable, Hashable {
    /// The entries, oldest first.
    public private(set) var entries: [ChatEntry] = []
    private var indexByID: [String: Int] = [:]

    /// An empty transcript.
    public init() {}

    /// A transcript holding `entries` in order, as kept (``KeptSession``);
    /// a repeated id keeps its first entry.
    public init(entries: [ChatEntry]) {
        for entry in entries where indexByID[entry.id] == nil { append(entry) }
    }

    /// Adds one of the person's messages as `sending`.
    public mutating func appendOwn(_ id: ClientMessageID, text: String, at time: Date) {
        append(ChatEntry(id: id.rawValue, author: .consumer, authorName: localized("You"), text: text, time: time, delivery: .sending))
    }

    /// Adds the file `file` the person is sending, as uploading; it has no
    /// delivery state until its message goes out.
    public mutating func appendOwnFile(_ id: ClientMessageID, _ file: ChatEntry.LocalFile, at time: Date) {
        let name = URL(fileURLWithPath: file.path).lastPathComponent
        var entry = ChatEntry(id: id.rawValue, author: .consumer, authorName: localized("You"), text: name, time: time, delivery: nil)
        entry.file = .uploading(sent: 0, size: file.size)
        entry.localFile = file
        append(entry)
    }

    /// The person's file `id` is on the server as `attachment`: its message
    /// goes out now, as `sending`.
    public mutating func fileUploaded(_ id: ClientMessageID, as attachment: AttachmentInfo) {
        guard let index = indexByID[id.rawValue] else { return }
        entries[index].attachment = attachment
        entries[index].text = attachment.name
        entries[index].file = .uploaded
        entries[index].delivery = .sending
    }

    /// Sets where the file of entry `id` stands; a received file saved is
    /// on this computer from now on.
    public mutating func setFile(_ id: String, _ state: ChatFileState) {
        guard let index = indexByID[id] else { return }
        entries[index].file = state
        if case .saved(let path) = state, let size = entries[index].attachment?.size {
            entries[index].localFile = ChatEntry.LocalFile(path: path, size: size)
        }
    }

    /// Adds a message the person received, named `authorName`, with the
    /// file it carries; returns `false` when it was already shown.
    @discardableResult
    public mutating func appendReceived(_ message: ChatMessage, authorName: String) -> Bool {
        guard indexByID[message.id.rawValue] == nil else { return false }
        var entry = ChatEntry(
            id: message.id.rawValue, author: message.author, authorName: authorName, text: message.text,
            time: message.sentAt, delivery: nil)
        entry.attachment = message.attachment
        append(entry)
        return true
    }

    /// Applies a receipt for one of the person's messages; a receipt never
    /// moves a message back from `delivered`. A receipt saying the server
    /// masked the message puts the stored text in place of the typed one.
    public mutating func apply(_ receipt: ChatReceipt) {
        guard let index = indexByID[receipt.clientMessageID.rawValue], entries[index].isOwn else { return }
        if let masked = receipt.masked {
            entries[index].text = masked.text
            entries[index].maskedKinds = masked.kinds
        }
        switch (entries[index].delivery, receipt.status) {
        case (.delivered, _):
            return
        case (_, .stored):
            entries[index].delivery = .stored
        case (_, .delivered):
            entries[index].delivery = .delivered
        }
    }

    /// The connection was given up: the person's messages the server never
    /// confirmed become `failed`. Returns their ids.
    @discardableResult
    public mutating func failUnconfirmed() -> [ClientMessageID] {
        var failed: [ClientMessageID] = []
        for index in entries.indices where entries[index].delivery == .sending {
            entries[index].delivery = .failed
            failed.append(ClientMessageID(entries[index].id))
        }
        return failed
    }

    /// A new connection attempt will resend what the server has not
    /// confirmed: every `failed` message becomes `sending` again. Returns
    /// whether there was any.
    @discardableResult
    public mutating func retryFailed() -> Bool {
        var any = false
        for index in entries.indices where entries[index].delivery == .failed {
            entries[index].delivery = .sending
            any = true
        }
        return any
    }

    /// The entry with `id`, if any.
    public func entry(_ id: String) -> ChatEntry? {
        indexByID[id].map { entries[$0] }
    }

    private mutating func append(_ entry: ChatEntry) {
        indexByID[entry.id] = entries.count
        entries.append(entry)
    }
}
