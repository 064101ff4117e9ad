/// The phrases that say what a value must be, shared by reading and
/// validation so both give the same sentence for the same key.
enum Expectation {
    static let string = "a string"
    static let optionalString = "a string or null"
    static let nonEmptyString = "a non-empty string"
    static let bool = "true or false"
    static let seconds = "a number of seconds ≥ 0"
    static let secondsList = "an array of numbers of seconds ≥ 0"
    static let tags = "an array of strings"
    static let shareScopes = "an array of \"window\" and \"screen\", each at most once"
    static let color = "a colour written \"#RRGGBB\" or \"#RRGGBBAA\""
    static let server = "an http, https, ws or wss URL with a host, or null"
    static let object = "an object"
    static let stringMap = "an object of strings"
    static let chatTemplateURL = "an http or https URL with a host, or empty"
    static let prechatFields = "an array of pre-chat field objects"
    static let prechatEntities = "an array of pre-chat entity objects"
    static let pickerOptions = "an array of option objects"
    static let entityFields = "an array of entity field objects"
    static let maxLength = "a whole number ≥ 1"

    /// "one of "a", "b", "c"".
    static func oneOf(_ names: [String]) -> String {
        "one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
