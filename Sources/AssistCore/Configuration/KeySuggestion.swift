/// Finds the known key a misspelt one was probably meant to be.
enum KeySuggestion {
    /// The key in `knownKeys` closest to `key` — equal ignoring case, or a few
    /// edits away — or `nil` when none is close.
    static func nearest(to key: String, among knownKeys: [String]) -> String? {
        let typed = Array(key.lowercased())
        let allowed = max(2, min(3, typed.count / 3))
        let ranked = knownKeys
            .map { (key: $0, distance: distance(typed, Array($0.lowercased()))) }
            .filter { $0.distance <= allowed }
            .sorted { ($0.distance, $0.key) < ($1.distance, $1.key) }
        return ranked.first?.key
    }

    /// The Levenshtein distance: how many insertions, deletions and
    /// substitutions turn `source` into `target`.
    private static func distance(_ source: [Character], _ target: [Character]) -> Int {
        var previous = Array(0...target.count)
        for (row, sourceCharacter) in source.enumerated() {
            var current = [row + 1]
            for (column, targetCharacter) in target.enumerated() {
                let substitution = previous[column] + (sourceCharacter == targetCharacter ? 0 : 1)
                current.append(min(substitution, previous[column + 1] + 1, current[column] + 1))
            }
            previous = current
        }
        return previous[target.count]
    }
}
