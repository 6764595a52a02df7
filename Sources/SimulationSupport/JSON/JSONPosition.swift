/// A place in JSON text: a line and column for people, a byte offset for tools.
package struct JSONPosition: Sendable, Hashable {
    /// The line, from 1.
    package var line: Int
    /// The column, from 1, counting characters (Unicode scalars) rather than bytes, as editors do.
    package var column: Int
    /// The byte offset from the start of the text, from 0.
    package var offset: Int

    package init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The position of byte `offset` of `bytes`, found by counting lines and characters from the start.
    ///
    /// For places the parser did not record (the end of a line, for one).
    /// - Complexity: O(`offset`).
    package init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.init(line: line, column: column, offset: offset)
    }
}

/// Where a value was read: its first character, and the byte just past its last.
package struct JSONSpan: Sendable, Hashable {
    /// Where the value starts.
    package var start: JSONPosition
    /// The offset of the byte just past the value.
    package var end: Int

    package init(start: JSONPosition, end: Int) {
        self.start = start
        self.end = end
    }

    /// The value's bytes in the text.
    package var bytes: Range<Int> { start.offset..<end }
}

/// One step of the way from the root of a document to a value.
package enum JSONPathComponent: Sendable, Hashable {
    /// The value of a key of an object.
    case key(String)
    /// An element of an array, from 0.
    case index(Int)

    /// A path as messages write places: `app.actions.save[2]`, keys quoted (escaped, and cut after 40 characters); empty for the root.
    ///
    /// Keys come from the file, so a control character or a huge key never reaches a terminal raw.
    package static func text(of path: some Sequence<JSONPathComponent>) -> String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key):
                let shown = QuotableText.quotable(key, limit: 40)
                text += text.isEmpty ? shown : ".\(shown)"
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}
