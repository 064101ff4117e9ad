/// The text encodings some `hello` fields use on the wire.
///
/// `uui` travels as lowercase hexadecimal of its UTF-8 bytes; `auditName`
/// travels URL-encoded (RFC 3986: every byte outside `A–Z a–z 0–9 - . _ ~`
/// becomes `%XX` of its UTF-8 byte, so a space is `%20`, never `+`).
public enum WireEncoding {
    private static let hexDigits = Array("0123456789abcdef".utf8)
    private static let percentDigits = Array("0123456789ABCDEF".utf8)

    /// The lowercase hexadecimal of `string`'s UTF-8 bytes: `"Hi"` → `"4869"`.
    public static func hex(_ string: String) -> String {
        hex(bytes: string.utf8)
    }

    /// The lowercase hexadecimal of `bytes`, two digits a byte.
    public static func hex(bytes: some Sequence<UInt8>) -> String {
        var digits: [UInt8] = []
        for byte in bytes {
            digits.append(hexDigits[Int(byte >> 4)])
            digits.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: digits, as: UTF8.self)
    }

    /// The bytes `hex` spells, or `nil` when it has an odd length or a
    /// character that is not a hexadecimal digit (either case is accepted).
    public static func bytes(fromHex hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    /// The text whose UTF-8 bytes `hex` spells, or `nil` when `hex` is not
    /// hexadecimal or its bytes are not UTF-8.
    public static func string(fromHex hex: String) -> String? {
        bytes(fromHex: hex).flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// `value` URL-encoded for a query value, with uppercase escapes:
    /// `"Ann Lee/1"` → `"Ann%20Lee%2F1"`.
    public static func urlQueryValue(_ value: String) -> String {
        var encoded: [UInt8] = []
        for byte in value.utf8 {
            if isUnreserved(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(percentDigits[Int(byte >> 4)])
                encoded.append(percentDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// The text `encoded` spells after URL decoding, or `nil` when a `%` is
    /// not followed by two hexadecimal digits or the bytes are not UTF-8.
    /// A `+` stays a `+`.
    public static func string(fromURLQueryValue encoded: String) -> String? {
        let input = Array(encoded.utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index < input.count {
            if input[index] == UInt8(ascii: "%") {
                guard index + 2 < input.count,
                    let high = nibble(input[index + 1]), let low = nibble(input[index + 2])
                else { return nil }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(input[index])
                index += 1
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
