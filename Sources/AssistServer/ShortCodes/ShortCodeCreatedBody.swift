/// The JSON answer to `PUT /assistserver/shortcode/create`: `{"shortCode": "ABCD-EFGH"}`.
struct ShortCodeCreatedBody: Codable, Hashable {
    /// The code as shown to people.
    var shortCode: String
}
