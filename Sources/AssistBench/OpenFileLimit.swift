import Foundation

/// The open-file limit (`RLIMIT_NOFILE`), which caps how many connections
/// this process and its children — which inherit it — can hold.
struct OpenFileLimit {
    /// The soft limit before this run raised it.
    let original: Int
    /// The soft limit now in effect.
    let current: Int

    /// Raises the soft limit to the hard limit when it is lower.
    static func raiseToHardLimit() -> OpenFileLimit {
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return OpenFileLimit(original: 0, current: 0) }
        let original = Int(clamping: limit.rlim_cur)
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(resource, &limit)
            _ = getrlimit(resource, &limit)
        }
        return OpenFileLimit(original: original, current: Int(clamping: limit.rlim_cur))
    }

    /// Whether this run raised the limit.
    var wasRaised: Bool { current > original }
}
