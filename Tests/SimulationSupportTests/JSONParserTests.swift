import Testing

@testable import SimulationSupport

/// The shared parser: values and their places, strings and their escapes, and the first mistake with where it is.
@Suite struct JSONParserTests {
    func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(text)
    }

    /// The error `text` gives, which must fail.
    func failure(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    func failure(bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func valuesKnowTheirLineColumnAndOffset() throws {
        let root = try parse("{\"a\": [1, \"x\", true],\n  \"b\": {\"c\": null}}")
        #expect(root.position == JSONPosition(line: 1, column: 1, offset: 0))
        let object = try #require(root.object)
        let list = try #require(object["a"])
        #expect(list.position == JSONPosition(line: 1, column: 7, offset: 6))
        #expect(list.array?.map(\.position) == [
            JSONPosition(line: 1, column: 8, offset: 7), JSONPosition(line: 1, column: 11, offset: 10),
            JSONPosition(line: 1, column: 16, offset: 15),
        ])
        #expect(object.member("b")?.keyPosition == JSONPosition(line: 2, column: 3, offset: 24))
        #expect(object["b"]?.object?["c"]?.position == JSONPosition(line: 2, column: 14, offset: 35))
        #expect(list.span?.bytes == 6..<20)
        #expect(root.span?.bytes == 0..<41)
    }

    @Test func columnsCountCharactersAndOffsetsCountBytes() throws {
        // é is two bytes and one character; 😀 four bytes and one character.
        let root = try parse(#"{"é😀": 1}"#)
        #expect(root.object?["é😀"]?.position == JSONPosition(line: 1, column: 8, offset: 11))
        #expect(failure(#"{"é": 1 2}"#)?.position == JSONPosition(line: 1, column: 9, offset: 9))
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let root = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))
        #expect(root.position == JSONPosition(line: 1, column: 1, offset: 3))
        #expect(root.object?["a"]?.position?.column == 7)
    }

    @Test func keysKeepTheOrderWritten() throws {
        let keys = (0..<20).map { "k\(19 - $0)" }
        let text = "{" + keys.map { "\"\($0)\": \"\($0)\"" }.joined(separator: ", ") + "}"
        let object = try #require(try parse(text).object)
        #expect(object.keys == keys)
        // More than a few members: found by hashing, and still in order.
        #expect(object["k3"]?.string == "k3")
        #expect(object["k20"] == nil)
    }

    @Test func stringsResolveTheirEscapes() throws {
        let value = try parse(#""q\" b\\ s\/ \b\f\n\r\t \u00e9 \ud83d\ude00 plain""#)
        #expect(value.string == "q\" b\\ s/ \u{08}\u{0C}\n\r\t é 😀 plain")
        #expect(try parse(#""""#).string == "")
        #expect(try parse(#""\n""#).string == "\n")
    }

    @Test func numbersKeepTheirText() throws {
        let list = try #require(try parse("[0, -12, 1.50, 1e3, 2.5E-7, -0]").array)
        #expect(list.map { value -> String? in
            if case .number(let number) = value.content { number.text } else { nil }
        } == ["0", "-12", "1.50", "1e3", "2.5E-7", "-0"])
    }

    @Test func literals() throws {
        let list = try #require(try parse(" [ true , false , null ] ").array)
        #expect(list == [true, false, .null])
    }

    @Test(arguments: [
        ("", JSONSyntaxError.Kind.empty, 1, 1, "the text is empty; a JSON value is expected"),
        ("{} {}", .trailingText, 1, 4, "unexpected text after the end of the JSON value"),
        ("[1,", .missingValue, 1, 4, "unexpected end of file; a value is missing"),
        ("[1, x]", .unexpectedCharacter(UInt8(ascii: "x")), 1, 5,
         "unexpected character 'x'; expected a value (object, array, string, number, true, false or null)"),
        ("[nul]", .misspeltLiteral("null"), 1, 5, "unexpected text; expected null (strings need double quotes)"),
        ("{\"a\": 1,}", .trailingComma(.object), 1, 9, "trailing comma before '}'"),
        ("[1,\n 2,\n]", .trailingComma(.array), 3, 1, "trailing comma before ']'"),
        ("{a: 1}", .expectedKey, 1, 2, "expected a key in double quotes"),
        ("{\"a\" 1}", .expectedColon(key: "a"), 1, 6, "expected ':' after the key \"a\""),
        ("{\"a\": 1 \"b\": 2}", .expectedCommaOrClose(.object, key: "a"), 1, 9, "expected ',' or '}' after the value of \"a\""),
        ("[1 2]", .expectedCommaOrClose(.array, key: nil), 1, 4, "expected ',' or ']' after an array element"),
        ("{\"a\": 1", .unclosed(.object), 1, 8, "unexpected end of file; an object is not closed with '}'"),
        ("[1, 2", .unclosed(.array), 1, 6, "unexpected end of file; an array is not closed with ']'"),
        ("\"abc", .unclosedString, 1, 5, "unexpected end of file inside a string"),
        ("\"ab\nc\"", .lineBreakInString, 1, 4, "a string is not closed before the end of the line"),
        ("\"a\u{1B}\"", .controlCharacter(0x1B), 1, 3, "control character (byte 0x1B) inside a string; write it escaped"),
        (#""\x""#, .invalidEscape(UInt8(ascii: "x")), 1, 3, "invalid escape \\x"),
        (#""\u12g4""#, .badUnicodeEscape, 1, 6, "\\u must be followed by four hexadecimal digits"),
        (#""\ud800 x""#, .loneSurrogate(0xD800), 1, 8, "a lone UTF-16 surrogate (\\uD800) in a string"),
        (#""\udc00""#, .loneSurrogate(0xDC00), 1, 8, "a lone UTF-16 surrogate (\\uDC00) in a string"),
        ("-", .numberNeedsDigits, 1, 2, "a number needs digits"),
        ("[007]", .leadingZero, 1, 5, "numbers may not have leading zeros"),
        ("1.", .fractionNeedsDigits, 1, 3, "a decimal point needs digits after it"),
        ("1e+", .exponentNeedsDigits, 1, 4, "an exponent needs digits"),
    ])
    func mistakesSayWhatAndWhere(text: String, kind: JSONSyntaxError.Kind, line: Int, column: Int, message: String) throws {
        let error = try #require(failure(text))
        #expect(error.kind == kind)
        #expect(error.position.line == line)
        #expect(error.position.column == column)
        #expect(error.message == message)
    }

    @Test func aDuplicateKeyIsRefusedAtTheKeyWithThePathOfItsObject() throws {
        let error = try #require(failure("{\"app\": {\"actions\": [{\"x\": 1,\n \"x\": 2}]}}"))
        #expect(error.kind == .duplicateKey("x"))
        #expect(error.position == JSONPosition(line: 2, column: 2, offset: 31))
        #expect(error.path == [.key("app"), .key("actions"), .index(0)])
        #expect(error.message == "duplicate key \"x\" in app.actions[0]")
        #expect(failure(#"{"a": 1, "a": 2}"#)?.message == "duplicate key \"a\"")
        // Found by hashing in a large object too.
        let many = "{" + (0..<30).map { "\"k\($0)\": 0" }.joined(separator: ", ") + ", \"k7\": 1}"
        #expect(failure(many)?.kind == .duplicateKey("k7"))
    }

    @Test func anErrorNamesTheKeyWhoseValueWasBeingRead() throws {
        let error = try #require(failure(#"{"a": {"b": 01}}"#))
        #expect(error.key == "b")
        #expect(error.path == [.key("a"), .key("b")])
        #expect(failure("[01]")?.key == nil)
    }

    @Test func bytesThatAreNotUTF8AreRefusedWhereTheyStart() throws {
        let cases: [([UInt8], UInt8)] = [
            ([0xFF], 0xFF), ([0xC0, 0xAF], 0xC0), ([0xED, 0xA0, 0x80], 0xED), ([0xF4, 0x90, 0x80, 0x80], 0xF4), ([0xE2, 0x82], 0xE2),
        ]
        for (bytes, byte) in cases {
            let error = try #require(failure(bytes: Array("[\"aé".utf8) + bytes + Array("\"]".utf8)))
            #expect(error.kind == .invalidUTF8(byte))
            #expect(error.position == JSONPosition(line: 1, column: 5, offset: 5))
            #expect(error.message == "invalid UTF-8 (byte \(JSONSyntaxError.hex(byte))) in a string; JSON text is UTF-8")
        }
        let outside = try #require(failure(bytes: [UInt8(ascii: "["), 0xC3, 0xA9, UInt8(ascii: "]")]))
        #expect(outside.message.hasPrefix("unexpected character byte 0xC3 (text outside a string must be plain ASCII); expected a value"))
    }

    @Test func nestingIsBounded() throws {
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1)
        let error = try #require(failure(deep))
        #expect(error.kind == .tooDeep(limit: 256))
        #expect(error.position.column == JSONParser.maximumDepth + 1)
        let fine = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        #expect(throws: Never.self) { try parse(fine) }
    }

    @Test func anErrorAtTheEndOfALineThatTheParserDidNotReachIsPlacedByCounting() throws {
        let bytes = Array("ab\né😀x".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(JSONPosition(offset: buffer.count, in: buffer) == JSONPosition(line: 2, column: 4, offset: 10))
            #expect(JSONPosition(offset: 0, in: buffer) == JSONPosition(line: 1, column: 1, offset: 0))
        }
    }

    @Test func pathsAreSpeltAsMessagesSpellThem() {
        #expect(JSONPathComponent.text(of: []) == "")
        #expect(JSONPathComponent.text(of: [.key("timeline"), .index(2), .key("action")]) == "timeline[2].action")
        #expect(JSONPathComponent.text(of: [.key("a\"b\n")]) == #"a\"b\n"#)
        let long = String(repeating: "k", count: 50)
        #expect(JSONPathComponent.text(of: [.key(long)]) == String(repeating: "k", count: 40) + "… (10 more characters)")
    }
}
