/// Writes JSON text by hand, so that bytes are the same on every platform and Foundation version.
///
/// `JSONEncoder`'s number and escaping output is not part of any contract,
/// and the trace's bytes are (they are fingerprinted). Keys are written in
/// the order given; callers sort them.
public enum JSONText {
    /// Appends `text` as a JSON string literal to `output`.
    ///
    /// Only ASCII bytes are ever escaped, and UTF-8 never uses an ASCII byte
    /// inside a multi-byte character, so the text is copied in runs of bytes
    /// that need nothing (usually the whole string at once).
    public static func appendString(_ text: String, to output: inout String) {
        output.append("\"")
        var text = text
        if !text.withUTF8({ $0.contains(where: needsEscape) }) {
            output.append(text)
        } else {
            text.withUTF8 { bytes in
                var runStart = 0
                for index in bytes.indices where needsEscape(bytes[index]) {
                    if runStart < index {
                        output.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self))
                    }
                    appendEscape(bytes[index], to: &output)
                    runStart = index + 1
                }
                if runStart < bytes.count {
                    output.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart...]), as: UTF8.self))
                }
            }
        }
        output.append("\"")
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
    }

    private static func appendEscape(_ byte: UInt8, to output: inout String) {
        switch byte {
        case UInt8(ascii: "\""): output.append("\\\"")
        case UInt8(ascii: "\\"): output.append("\\\\")
        case UInt8(ascii: "\n"): output.append("\\n")
        case UInt8(ascii: "\r"): output.append("\\r")
        case UInt8(ascii: "\t"): output.append("\\t")
        case 0x08: output.append("\\b")
        case 0x0C: output.append("\\f")
        default:
            let hex = String(byte, radix: 16)
            output.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
        }
    }

    /// Appends `text` as a JSON string literal to a byte buffer: the same bytes as the `String` form.
    static func appendString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: needsEscape) else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if copied == true {
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            if needsEscape(byte) {
                var escape = ""
                appendEscape(byte, to: &escape)
                output.append(contentsOf: escape.utf8)
            } else {
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Appends the decimal digits of `value` to a byte buffer, as `String(value)` writes them.
    static func appendInteger(_ value: Int64, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            while count > 0 {
                count -= 1
                output.append(buffer[count])
            }
        }
    }

    /// `text` as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        var output = ""
        appendString(text, to: &output)
        return output
    }
}
