/// Why an agents file was refused: one sentence naming the file and the key.
public struct AgentDirectoryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, when the directory came from one.
    public var file: String?
    /// The offending key, as a dotted path such as `agents[2].capacity`.
    public var key: String
    /// What is wrong with it.
    public var problem: String

    /// Creates an error.
    public init(file: String? = nil, key: String, problem: String) {
        self.file = file
        self.key = key
        self.problem = problem
    }

    /// E.g. `agents.json: "agents[1].capacity" must be a whole number ≥ 1`.
    public var description: String {
        "\(file.map { "\($0): " } ?? "")\"\(key)\" \(problem)"
    }
}
