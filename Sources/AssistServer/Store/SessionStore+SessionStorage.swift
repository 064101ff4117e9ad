/// The SQLite store answers the asynchronous ``SessionStorage`` requirements
/// with its synchronous methods, which the hub still calls directly.
extension SessionStore: SessionStorage {}
