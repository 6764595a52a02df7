extension JSONWriter {
    /// Appends `text` as a JSON string literal to a byte buffer: the one string escape of bgsim's JSON.
    ///
    /// `"`, `\`, control characters and DEL are escaped (`\"`, `\\`, `\n`,
    /// `\u001b`, `\u007f`); everything else is copied as it is. Only ASCII
    /// bytes are ever escaped, and UTF-8 never uses an ASCII byte inside a
    /// multi-byte character, so the text is copied in runs of bytes that
    /// need nothing (usually the whole string at once). Inlinable: the trace
    /// writer calls it for every field of every event of every run.
    @inlinable
    package static func appendString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings need nothing: copied whole once a scan says so.
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: needsEscape) else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if copied != true {
            forEachRun(of: text) { output.append(contentsOf: $0) } escape: { output.append(contentsOf: escapeSequence($0).utf8) }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// `text` as a JSON string literal.
    package static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        appendString(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Calls `plain` with each run of `text`'s UTF-8 bytes that needs no escaping and `escape` with each byte that does, in order.
    @inlinable
    package static func forEachRun(
        of text: String, plain: (UnsafeBufferPointer<UInt8>) -> Void, escape: (UInt8) -> Void
    ) {
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices where needsEscape(bytes[index]) {
                if runStart < index { plain(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                escape(bytes[index])
                runStart = index + 1
            }
            if runStart < bytes.count { plain(UnsafeBufferPointer(rebasing: bytes[runStart...])) }
        }
    }

    /// Whether `byte` is written escaped inside a JSON string.
    @inlinable
    package static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
    }

    /// How a byte that ``needsEscape(_:)`` is written: `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, or `\u` and four lowercase hexadecimal digits.
    package static func escapeSequence(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\""): return "\\\""
        case UInt8(ascii: "\\"): return "\\\\"
        case UInt8(ascii: "\n"): return "\\n"
        case UInt8(ascii: "\r"): return "\\r"
        case UInt8(ascii: "\t"): return "\\t"
        case 0x08: return "\\b"
        case 0x0C: return "\\f"
        default:
            let hex = String(byte, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }

    /// Appends the decimal digits of `value` to a byte buffer, as `String(value)` writes them, with no allocation.
    @inlinable
    package static func appendInteger(_ value: Int64, to output: inout [UInt8]) {
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
}
