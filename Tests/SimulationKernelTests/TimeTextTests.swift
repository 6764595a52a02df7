import SimulationKernel
import SimulationTesting
import Testing

@Suite struct TimeTextTests {
    @Test(arguments: [
        ("5s", 5_000_000_000),
        ("250ms", 250_000_000),
        ("1.5s", 1_500_000_000),
        ("1h30m", 5_400_000_000_000),
        ("0.1s", 100_000_000),
        ("7d", 604_800_000_000_000),
        ("100ns", 100),
        ("2w", 1_209_600_000_000_000),
        ("1us", 1_000),
        ("1µs", 1_000),
        (".5s", 500_000_000),
        ("0s", 0),
        ("  2m  ", 120_000_000_000),
        ("1m30s250ms", 90_250_000_000),
        ("1.000000001s", 1_000_000_001),
        ("9223372036854775807ns", Int64.max),
        // Trailing zeros past the nanosecond are harmless; a fraction of a week may need 128 bits on the way.
        ("1.5000000000000000000000s", 1_500_000_000),
        ("0.12345678901w", 74_666_665_993_248),
        ("0.99999999999w", 604_799_999_993_952),
    ] as [(String, Int64)])
    func parses(text: String, nanoseconds: Int64) throws {
        #expect(try TimeText.parse(text) == nanoseconds)
    }

    @Test(arguments: [
        ("", TimeText.ParseError.empty),
        ("   ", .empty),
        ("-5s", .negative("-5s")),
        ("5", .malformed("5")),
        ("5x", .unknownUnit("5x")),
        ("5 s", .unknownUnit("5 s")),
        ("1.2.3s", .malformed("1.2.3s")),
        ("5.s", .malformed("5.s")),
        ("s", .malformed("s")),
        ("1h30", .malformed("1h30")),
        ("0.5ns", .finerThanNanosecond("0.5ns")),
        ("1.0000000001s", .finerThanNanosecond("1.0000000001s")),
        ("0.0000000001s", .finerThanNanosecond("0.0000000001s")),
        ("0.0000000000000000000001w", .finerThanNanosecond("0.0000000000000000000001w")),
        ("9223372036854775808ns", .tooLarge("9223372036854775808ns")),
        ("100000000000000000000s", .tooLarge("100000000000000000000s")),
        ("20000w", .tooLarge("20000w")),
        ("9223372036854775807ns1ns", .tooLarge("9223372036854775807ns1ns")),
    ] as [(String, TimeText.ParseError)])
    func rejects(text: String, error: TimeText.ParseError) {
        #expect(throws: error) { try TimeText.parse(text) }
    }

    @Test func errorMessagesSayWhatToWrite() {
        #expect(TimeText.ParseError.empty.description.contains("\"5s\""))
        #expect(TimeText.ParseError.unknownUnit("5x").description.contains("ns, us, ms, s, m, h, d or w"))
        #expect(TimeText.ParseError.negative("-5s").description.contains("never negative"))
        #expect(TimeText.ParseError.finerThanNanosecond("0.5ns").description.contains("finer than a nanosecond"))
        // Text from a file is quoted escaped: a terminal never receives its control characters raw.
        #expect(TimeText.ParseError.malformed("\u{1B}[31m").description.hasPrefix("\"\\u{1B}[31m\" is not a duration"))
    }

    @Test(arguments: [
        (0, "0.000s"),
        (250_000_000, "0.250s"),
        (5_000_000_000, "5.000s"),
        (125_000_000_000, "2m05.000s"),
        (3_720_000_000_000, "1h02m00s"),
        (273_600_000_000_000, "3d04h00m"),
        (Int64.max, "never"),
        (-5_000_000_000, "-5.000s"),
    ] as [(Int64, String)])
    func formats(nanoseconds: Int64, text: String) {
        #expect(TimeText.format(nanoseconds: nanoseconds) == text)
    }

    @Test(arguments: [
        (0, "0s"),
        (30_000_000_000, "30s"),
        (1_500_000_000, "1500ms"),
        (250_000_000, "250ms"),
        (7_200_000_000_000, "2h"),
        (5_400_000_000_000, "90m"),
        (1_209_600_000_000_000, "14d"),
        (1_000, "1us"),
        (1, "1ns"),
    ] as [(Int64, String)])
    func formatsExactly(nanoseconds: Int64, text: String) {
        #expect(TimeText.formatExact(nanoseconds: nanoseconds) == text)
    }

    @Test func formatExactRoundTrips() {
        let durations = Generator<Int64>.oneOf(
            .int(in: 0 ... .max),
            .int(in: 0...10_000).map { $0 * 1_000_000 },
            .int(in: 0...10_000).map { $0 * 60_000_000_000 },
            .int(in: 0...1_000).map { $0 * 86_400_000_000_000 })
        checkProperty("parse(formatExact(x)) == x", durations) { nanoseconds in
            try TimeText.parse(TimeText.formatExact(nanoseconds: nanoseconds)) == nanoseconds
        }
    }

    @Test func formatRoundTripsToItsPrecision() {
        // format is for people: milliseconds below an hour, seconds below a day, minutes beyond.
        checkProperty("parse(format(x)) truncates x to the shown precision", Generator<Int64>.int(in: 0...(400 * 86_400_000_000_000))) { nanoseconds in
            let precision: Int64 =
                nanoseconds < 3_600_000_000_000 ? 1_000_000 : nanoseconds < 86_400_000_000_000 ? 1_000_000_000 : 60_000_000_000
            return try TimeText.parse(TimeText.format(nanoseconds: nanoseconds)) == nanoseconds - nanoseconds % precision
        }
    }
}
