/// An error a test makes up, named so that summaries read well.
struct TestError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
