import AssistCore
public import Foundation

extension AgentDirectory {
    /// Reads an agents file (the format is on ``AgentDirectory``).
    ///
    /// - Throws: ``AgentDirectoryError`` naming the file and the key that is
    ///   missing, of the wrong type, unknown or invalid.
    public static func load(contentsOf url: URL) throws(AgentDirectoryError) -> AgentDirectory {
        let file = url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw AgentDirectoryError(file: file, key: "(file)", problem: "cannot be read: \(error.localizedDescription)")
        }
        do {
            return try decode(data)
        } catch var error {
            error.file = file
            throw error
        }
    }

    /// Reads the JSON of an agents file.
    static func decode(_ data: Data) throws(AgentDirectoryError) -> AgentDirectory {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw AgentDirectoryError(key: "(file)", problem: "is not a JSON object")
        }
        try rejectUnknownKeys(in: root, allowed: ["agents"], at: nil)
        guard let list = root["agents"] as? [Any] else {
            throw AgentDirectoryError(key: "agents", problem: "must be an array of agents")
        }
        var accounts: [AgentAccount] = []
        for (index, item) in list.enumerated() {
            accounts.append(try account(from: item, key: "agents[\(index)]"))
        }
        return try AgentDirectory(accounts)
    }

    private static let accountKeys: Set<String> = [
        "id", "name", "token", "tokenSHA256", "capacity", "destinations", "permissions",
    ]

    private static func account(from item: Any, key: String) throws(AgentDirectoryError) -> AgentAccount {
        guard let object = item as? [String: Any] else {
            throw AgentDirectoryError(key: key, problem: "must be an object")
        }
        try rejectUnknownKeys(in: object, allowed: accountKeys, at: key)
        let capacity = try object["capacity"].map { (value) throws(AgentDirectoryError) -> Int in
            guard let number = value as? NSNumber, !isBoolean(number), number.doubleValue == number.doubleValue.rounded(),
                number.intValue >= 1
            else {
                throw AgentDirectoryError(key: "\(key).capacity", problem: "must be a whole number ≥ 1")
            }
            return number.intValue
        }
        let destinations = try object["destinations"].map { (value) throws(AgentDirectoryError) -> [String] in
            try strings(value, key: "\(key).destinations")
        }
        return AgentAccount(
            id: try text(object["id"], key: "\(key).id"),
            name: try text(object["name"], key: "\(key).name"),
            tokenDigest: try tokenDigest(of: object, key: key),
            capacity: capacity ?? 1,
            destinations: Set(destinations ?? []),
            permissions: try permissions(object["permissions"], key: "\(key).permissions"))
    }

    private static func permissions(_ value: Any?, key: String) throws(AgentDirectoryError) -> AgentPermissions? {
        guard let value, !(value is NSNull) else { return nil }
        guard let object = value as? [String: Any] else {
            throw AgentDirectoryError(key: key, problem: "must be an object with \"viewable\" and \"interactive\" arrays")
        }
        try rejectUnknownKeys(in: object, allowed: ["viewable", "interactive"], at: key)
        guard let viewable = object["viewable"], let interactive = object["interactive"] else {
            throw AgentDirectoryError(key: key, problem: "must have both \"viewable\" and \"interactive\" arrays")
        }
        return AgentPermissions(
            viewable: Set(try strings(viewable, key: "\(key).viewable")),
            interactive: Set(try strings(interactive, key: "\(key).interactive")))
    }

    /// The digest of an agent's token: from `token` (the secret itself) or
    /// `tokenSHA256` (its SHA-256 digest in hex, so the file need not hold
    /// the secret) — exactly one of them.
    private static func tokenDigest(of object: [String: Any], key: String) throws(AgentDirectoryError) -> SecretDigest {
        switch (object["token"], object["tokenSHA256"]) {
        case (let token?, nil):
            return SecretDigest(of: try text(token, key: "\(key).token"))
        case (nil, let hex?):
            guard let text = hex as? String, let digest = SecretDigest(hex: text) else {
                throw AgentDirectoryError(key: "\(key).tokenSHA256", problem: "must be 64 hexadecimal digits")
            }
            return digest
        case (nil, nil):
            throw AgentDirectoryError(key: "\(key).token", problem: "is required (or \"tokenSHA256\")")
        case (_?, _?):
            throw AgentDirectoryError(key: "\(key).tokenSHA256", problem: "cannot be given with \"token\"")
        }
    }

    private static func text(_ value: Any?, key: String) throws(AgentDirectoryError) -> String {
        guard let text = value as? String, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw AgentDirectoryError(key: key, problem: value == nil ? "is required" : "must be a non-empty string")
        }
        return text
    }

    private static func strings(_ value: Any, key: String) throws(AgentDirectoryError) -> [String] {
        guard let list = value as? [Any], let texts = list as? [String], !texts.contains(where: \.isEmpty) else {
            throw AgentDirectoryError(key: key, problem: "must be an array of non-empty strings")
        }
        return texts
    }

    private static func rejectUnknownKeys(
        in object: [String: Any], allowed: Set<String>, at key: String?
    ) throws(AgentDirectoryError) {
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw AgentDirectoryError(
                key: key.map { "\($0).\(unknown)" } ?? unknown,
                problem: "is not a known key; expected one of \(allowed.sorted().joined(separator: ", "))")
        }
    }

    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }
}
