import AssistCore

/// What arrived of `sent` numbered messages: lost, duplicated, out of order.
struct DeliveryTally: CustomStringConvertible {
    let sent: Int
    let lost: Int
    let duplicated: Int
    let outOfOrder: Int

    init(_ received: [Int], sent: Int) {
        self.sent = sent
        lost = Set(1...sent).subtracting(received).count
        duplicated = received.count - Set(received).count
        outOfOrder = zip(received, received.dropFirst()).filter { $0 >= $1 }.count
    }

    /// The tally of texts like `"c-7"` that start with `prefix`, in the order they arrived.
    init(texts: [String], prefix: String, sent: Int) {
        self.init(texts.compactMap { $0.hasPrefix(prefix) ? Int($0.dropFirst(prefix.count)) : nil }, sent: sent)
    }

    var isExact: Bool { lost == 0 && duplicated == 0 && outOfOrder == 0 }

    var description: String { "\(sent) sent, \(lost) lost, \(duplicated) duplicated, \(outOfOrder) out of order" }
}

extension ChatEntry {
    /// Whether an agent wrote it.
    var isFromAgent: Bool { if case .agent = author { true } else { false } }
}
