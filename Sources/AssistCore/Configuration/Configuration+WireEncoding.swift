extension Configuration {
    /// ``uui`` as it is sent: its UTF-8 bytes in lowercase hexadecimal,
    /// two digits per byte (`"ab"` → `"6162"`).
    public var uuiHex: String {
        let digits = Array("0123456789abcdef")
        var hex = ""
        for byte in uui.utf8 {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return hex
    }

    /// ``auditName`` as it is sent in a URL query value: every UTF-8 byte
    /// other than the unreserved ASCII letters, digits and `-._~` is written
    /// `%XX`, so `&`, `=`, `+`, space and non-ASCII text cannot break the query.
    public var auditNameURLEncoded: String {
        let digits = Array("0123456789ABCDEF")
        var encoded = ""
        for byte in auditName.utf8 {
            if Self.isUnreserved(byte) {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                encoded.append("%")
                encoded.append(digits[Int(byte >> 4)])
                encoded.append(digits[Int(byte & 0x0F)])
            }
        }
        return encoded
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
