import Testing

@testable import SimulationSupport

/// The one writer: its layout, key order, the one string escape and integers, and what it writes reads back.
@Suite struct JSONWriterTests {
    let document: JSONValue = [
        "name": "x", "runs": 3, "empty": [:], "none": [], "tags": ["a", "b"], "nested": ["z": true, "a": .null],
    ]

    @Test func indentedWithSortedKeys() {
        #expect(document.rendered() == """
            {
              "empty": {},
              "name": "x",
              "nested": {
                "a": null,
                "z": true
              },
              "none": [],
              "runs": 3,
              "tags": [
                "a",
                "b"
              ]
            }
            """)
    }

    @Test func compactOnOneLine() {
        #expect(document.rendered(indent: 0) == #"{"empty":{},"name":"x","nested":{"a":null,"z":true},"none":[],"runs":3,"tags":["a","b"]}"#)
    }

    @Test func keysInTheOrderGivenWhenAsked() {
        #expect(document.rendered(indent: 0, sortedKeys: false)
            == #"{"name":"x","runs":3,"empty":{},"none":[],"tags":["a","b"],"nested":{"z":true,"a":null}}"#)
    }

    @Test func numbersAreWrittenAsTheirText() {
        let value: JSONValue = [.int(.max), .int(.min), .number(JSONNumber(text: "1500.25")), .number(JSONNumber(UInt64.max))]
        #expect(value.rendered(indent: 0) == "[9223372036854775807,-9223372036854775808,1500.25,18446744073709551615]")
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("q\"b\\s/", #""q\"b\\s/""#),
        ("\u{08}\u{0C}\n\r\t", #""\b\f\n\r\t""#),
        ("\u{00}\u{1B}\u{1F}\u{7F}", #""\u0000\u001b\u001f\u007f""#),
        ("é😀\u{80}\u{2028}", "\"é😀\u{80}\u{2028}\""),
        ("", #""""#),
        ("a\"", #""a\"""#),
    ])
    func theOneStringEscape(text: String, written: String) {
        #expect(JSONWriter.quoted(text) == written)
        var bytes: [UInt8] = []
        JSONWriter.appendString(text, to: &bytes)
        #expect(bytes == Array(written.utf8))
        #expect(JSONValue.string(text).rendered() == written)
    }

    @Test func escapedTextReadsBackAsItWas() throws {
        let texts = ["", "a\"b", "\\", "\u{00}..\u{1F}", "\u{7F}", "é😀", String(repeating: "x\n", count: 100)]
        for text in texts {
            #expect(try JSONParser.parse(JSONWriter.quoted(text)).string == text)
        }
    }

    @Test func integersAreWrittenAsStringWritesThem() {
        for value: Int64 in [0, 7, -1, 10, 99, 100, -1_000_000_007, .max, .min, .max - 1, .min + 1] {
            var bytes: [UInt8] = []
            JSONWriter.appendInteger(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
    }

    @Test func whatItWritesReadsBackEqual() throws {
        for indent in [0, 2] {
            let text = document.rendered(indent: indent, sortedKeys: false)
            let read = try JSONParser.parse(text)
            #expect(read == document)
            #expect(read.rendered(indent: indent, sortedKeys: false) == text)
        }
    }

    @Test func equalityIsContentNotPlace() throws {
        let read = try JSONParser.parse("  [1, {\"a\": \"b\"}]")
        #expect(read == [1, ["a": "b"]])
        #expect(read != [1, ["a": "c"]])
        #expect(read != [1, ["b": "b"]])
        #expect(JSONValue.int(1) != .string("1"))
        // Members compare in order: the order is part of what was written.
        let ab: JSONValue = ["a": 1, "b": 2]
        let ba: JSONValue = ["b": 2, "a": 1]
        #expect(ab != ba)
    }
}

/// Numbers as text: whole numbers read exactly, plain integers fast, fractions found.
@Suite struct JSONNumberTests {
    @Test(arguments: [
        ("0", JSONNumber.Whole.value(negative: false, magnitude: 0)),
        ("-0", .value(negative: false, magnitude: 0)),
        ("12", .value(negative: false, magnitude: 12)),
        ("-5", .value(negative: true, magnitude: 5)),
        ("1.0", .value(negative: false, magnitude: 1)),
        ("1e3", .value(negative: false, magnitude: 1000)),
        ("12.50e1", .value(negative: false, magnitude: 125)),
        ("1500e-2", .value(negative: false, magnitude: 15)),
        ("0e999999999", .value(negative: false, magnitude: 0)),
        ("18446744073709551615", .value(negative: false, magnitude: .max)),
        ("18446744073709551616", .tooLarge(negative: false)),
        ("-1e20", .tooLarge(negative: true)),
        ("1.5", .fraction),
        ("1e-1", .fraction),
        ("1e-999999999", .fraction),
    ])
    func wholeNumbersAreReadExactly(text: String, whole: JSONNumber.Whole) {
        #expect(JSONNumber(text: text).whole == whole)
    }

    @Test func plainIntegersFitInt64OrNot() {
        #expect(JSONNumber(text: "9223372036854775807").int64 == .max)
        #expect(JSONNumber(text: "-9223372036854775808").int64 == .min)
        #expect(JSONNumber(text: "9223372036854775808").int64 == nil)
        #expect(JSONNumber(text: "-9223372036854775809").int64 == nil)
        #expect(JSONNumber(text: "-12").int64 == -12)
        #expect(JSONNumber(text: "1.0").int64 == nil)
        #expect(JSONNumber(text: "1e3").int64 == nil)
        #expect(JSONNumber(Int64.min).text == "-9223372036854775808")
    }

    @Test func theFractionIsFoundWhereItStarts() {
        #expect(JSONNumber(text: "12").fractionOffset == nil)
        #expect(JSONNumber(text: "12.5").fractionOffset == 2)
        #expect(JSONNumber(text: "-1e3").fractionOffset == 2)
        #expect(JSONNumber(text: "7E1").fractionOffset == 1)
    }
}
