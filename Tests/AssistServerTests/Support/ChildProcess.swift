import Foundation

/// Runs a command to its end with a bound on how long it may take, its
/// output appended to a log file. Spawned with `posix_spawn` and reaped with
/// `waitpid`: Foundation's `Process` waits through the main run loop, which
/// never turns while a test runs on the main actor.
enum ChildProcess {
    /// Why a command did not finish well.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `arguments` (an absolute program path first) and returns once it
    /// exits with status 0; throws if it fails to start, exits otherwise, or
    /// is still running after `timeout` (then it is killed).
    static func run(_ arguments: [String], log: String, timeout: Duration) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + environment).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environment)
        guard spawned == 0 else {
            throw Failure(description: "could not start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard ContinuousClock.now < deadline else {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                throw Failure(description: "\(arguments.joined(separator: " ")) did not finish within \(timeout); see \(log)")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        guard status == 0 else {
            throw Failure(description: "\(arguments.joined(separator: " ")) failed (wait status \(status)); see \(log)")
        }
    }

    /// ``run(_:log:timeout:)`` on a Dispatch thread, so that the wait does
    /// not hold one of Swift concurrency's few threads.
    static func runDetached(_ arguments: [String], log: String, timeout: Duration) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try run(arguments, log: log, timeout: timeout) })
            }
        }
    }
}
