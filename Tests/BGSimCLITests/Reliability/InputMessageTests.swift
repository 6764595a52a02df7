import Foundation
import Testing

/// Every message about an input names its place, in the format's own words, escaped and bounded.
@Suite struct InputMessageTests {
    /// The sample scenario with `old` replaced by `new`, checked by `bgsim validate`: the exit code and the one message line.
    private func validate(replacing old: String, with new: String) throws -> (status: Int32, message: String) {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Scenarios/save-on-background.json"), encoding: .utf8)
        #expect(text.contains(old))
        return try validate(Data(text.replacingOccurrences(of: old, with: new).utf8))
    }

    private func validate(_ data: Data) throws -> (status: Int32, message: String) {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.json").path
        try data.write(to: URL(fileURLWithPath: path))
        let run = runTool(["validate", path])
        return (run.status, Self.pathFirst(run.error, file: path))
    }

    /// `validate`'s `file:line:column: error: message (at path)` as `path: message`, or `line L, column C: message`
    /// for an error with no path, so that the expectations read as the reader's messages do.
    static func pathFirst(_ output: String, file: String) -> String {
        var text = output.hasSuffix("\n") ? String(output.dropLast()) : output
        guard text.hasPrefix(file + ":") else { return text }
        text = String(text.dropFirst(file.count + 1))
        guard let marker = text.range(of: ": error: ") else { return text }
        let place = text[..<marker.lowerBound].split(separator: ":")
        var message = String(text[marker.upperBound...])
        if message.hasSuffix(")"), let at = message.range(of: " (at ", options: .backwards) {
            let path = message[at.upperBound..<message.index(before: message.endIndex)]
            message = "\(path): " + message[..<at.lowerBound]
        } else if place.count == 2 {
            message = "line \(place[0]), column \(place[1]): " + message
        }
        return message
    }

    @Test(arguments: [
        (#""seed": 1,"#, #""seed": 1.5,"#, "seed: expected a whole number, found 1.5"),
        (#""seed": 1,"#, #""seed": -1,"#,
         "seed: expected a whole number from 0 to 18446744073709551615, found -1; negative values are not allowed"),
        (#""seed": 1,"#, #""seed": 1e309,"#, "seed: expected a whole number from 0 to 18446744073709551615, found 1e309"),
        (#""seed": 1,"#, #""seed": 18446744073709551616,"#,
         "seed: expected a whole number from 0 to 18446744073709551615, found 18446744073709551616"),
        (#""format": 1,"#, #""format": 1.5,"#, "format: expected a whole number, found 1.5"),
        (#""stopAt": "10m","#, #""stopAt": "10m", "device": {"batteryLevel": 50.5},"#,
         "device.batteryLevel: batteryLevel is a percentage from 0 to 100, got 50.5"),
        (#""stopAt": "10m","#, #""stopAt": "10m", "device": {"batteryLevel": 1e400},"#,
         "device.batteryLevel: batteryLevel is a percentage from 0 to 100, got 1e400"),
        (#""stopAt": "10m","#, #""stopAt": 600,"#, "stopAt: expected a string, found the number 600"),
        (#""stopAt": "10m","#, #""stopAt": "0.5ns","#, #"stopAt: "0.5ns" is finer than a nanosecond"#),
        (#""stopAt": "10m","#, #""stopAt": "0.0000000001s","#, #"stopAt: "0.0000000001s" is finer than a nanosecond"#),
        (#""stopAt": "10m","#, #""stopAt": "-1s","#, #"stopAt: "-1s" is negative"#),
        (#""name": "save-on-background","#, #""name": {"a": 1},"#, "name: expected a string, found an object"),
    ])
    func numbersAndTypesAreNamedWithTheirPlace(old: String, new: String, expected: String) throws {
        let result = try validate(replacing: old, with: new)
        #expect(result.status == 65)
        #expect(result.message.hasPrefix(expected), "got: \(result.message)")
        for foreign in ["not valid JSON", "Dictionary<", "UInt64", "Double", "expected to decode"] {
            #expect(!result.message.contains(foreign))
        }
    }

    /// What the format expects, in its own words, where Foundation said "expected to decode Dictionary<String, Any>".
    @Test(arguments: [
        (#"{"format":1,"name":"x","stopAt":"1m","app":"x","timeline":[]}"#, #"app: expected an object, found the string "x""#),
        (#"{"format":1,"name":"x","stopAt":"1m","app":{"bundleIdentifier":"a.b"},"timeline":{}}"#,
         "timeline: expected a list, found an object"),
        ("[]", "(top level): expected an object, found a list"),
        (#"{"format":true}"#, "format: expected a whole number, found true"),
        (#"{"format":1,"name":null}"#, "name: expected a string, found null"),
    ])
    func typesAreNamedInTheFormatsWords(json: String, expected: String) throws {
        let result = try validate(Data(json.utf8))
        #expect(result.status == 65)
        #expect(result.message.hasPrefix(expected), "got: \(result.message)")
    }

    /// A count of 1.5 inside a step: the place and the number (the step's own range check follows for whole numbers).
    @Test func aFractionalCountNamesItsPlace() throws {
        let result = try validate(Data(loopScenario(steps: #"[{"step":"repeat","count":1.5,"steps":[]}]"#).utf8))
        #expect(result.status == 65)
        #expect(result.message.hasPrefix("app.actions.loop[0].count: expected a whole number, found 1.5"), "got: \(result.message)")
    }

    @Test func invalidUTF8IsRefusedWithLineAndColumn() throws {
        var bytes = Array(#"{"format": 1, "name": ""#.utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array(#""}"#.utf8)
        let result = try validate(Data(bytes))
        #expect(result.status == 65)
        #expect(result.message.hasPrefix("line 1, column 24: invalid UTF-8 (byte 0xFF) in a string"), "got: \(result.message)")
        // Overlong forms and surrogates are not UTF-8 either.
        for sequence: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] {
            let other = try validate(Data(Array(#"{"name": ""#.utf8) + sequence + Array(#""}"#.utf8)))
            #expect(other.message.contains("invalid UTF-8"), "\(sequence): \(other.message)")
        }
    }

    @Test func controlCharactersAndHugeKeysAreEscapedAndCut() throws {
        let escape = try validate(replacing: #""seed": 1,"#, with: #""seed": 1, "\u001b[2J\u001b]0;owned\u0007": 1,"#)
        #expect(escape.status == 65)
        #expect(!escape.message.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "got: \(escape.message.debugDescription)")
        #expect(escape.message.contains(#"\u{1B}[2J"#))
        let huge = String(repeating: "k", count: 1_000_000)
        let long = try validate(replacing: #""seed": 1,"#, with: #""seed": 1, "\#(huge)": 1,"#)
        #expect(long.status == 65)
        #expect(long.message.count < 1_500, "a message of \(long.message.count) characters")
        #expect(long.message.contains("more characters"))
    }

    /// Did-you-mean on a 0.9 MB name used to take minutes: it is not offered for names that long.
    @Test func aHugeUnknownNameIsRefusedAtOnce() throws {
        let name = String(repeating: "work", count: 225_000)
        let result = try validate(Data(loopScenario(steps: #"[{"step":"\#(name)"}]"#).utf8))
        #expect(result.status == 65)
        #expect(result.message.hasPrefix("app.actions.loop[0].step: unknown step \"workworkwork"))
        #expect(!result.message.contains("did you mean"))
    }

    @Test func duplicateKeysAmongManyAreFoundWithoutQuadraticWork() throws {
        let members = (0..<100_000).map { "\"k\($0)\": 1" }.joined(separator: ", ")
        let result = try validate(Data("{\(members), \"k5\": 2}".utf8))
        #expect(result.status == 65)
        #expect(result.message.contains(#"duplicate key "k5""#), "got: \(result.message)")
    }

    @Test func aFolderAndAnEndlessFileAreRefused() throws {
        let folder = runTool(["validate", "Scenarios"])
        #expect(folder.status == 65)
        #expect(folder.error.contains("is a folder; pass the .json files in it"))
        let endless = runTool(["validate", "/dev/zero"])
        #expect(endless.status == 65)
        #expect(endless.error.contains("larger than 16 MiB"))
    }

    /// The trace reader refuses what bgsim never writes, with the line: exit 65 from `bgsim report`.
    @Test(arguments: [
        (#""t":0,"#, #""t":-5,"#, 1, #""t" is -5: virtual time is never negative"#),
        (#""seq":0,"#, #""seq":00,"#, 1, "leading zero"),
        (#""kind":"run.start""#, #""kind":"run.strat""#, 1, #"unknown kind "run.strat" (did you mean "run.start"?)"#),
        (#""seq":0,"#, #""seq":0,"seq":0,"#, 1, #""seq" appears twice"#),
        (#""seq":0,"#, #""seq":-0,"#, 1, "-0"),
    ])
    func badTracesNameTheLine(old: String, new: String, line: Int, expected: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("t.jsonl").path
        #expect(runTool(["run", "Scenarios/save-on-background.json", "--trace", trace]).status == 0)
        var lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines[line - 1].contains(old))
        lines[line - 1] = lines[line - 1].replacingOccurrences(of: old, with: new)
        try (lines.joined(separator: "\n") + "\n").write(toFile: trace, atomically: true, encoding: .utf8)
        let run = runTool(["report", trace, "-o", folder.appendingPathComponent("r.html").path])
        #expect(run.status == 65)
        #expect(run.error.contains("\(trace): line \(line): "), "got: \(run.error)")
        #expect(run.error.contains(expected), "got: \(run.error)")
    }

    @Test func aTraceGoingBackInTimeNamesTheLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("t.jsonl").path
        #expect(runTool(["run", "Scenarios/save-on-background.json", "--trace", trace]).status == 0)
        var lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map(String.init)
        let last = lines.count - 1
        lines[last] = lines[last].replacingOccurrences(of: #""t":600000000000"#, with: #""t":1"#)
        try (lines.joined(separator: "\n") + "\n").write(toFile: trace, atomically: true, encoding: .utf8)
        let run = runTool(["report", trace, "-o", folder.appendingPathComponent("r.html").path])
        #expect(run.status == 65)
        #expect(run.error.contains("line \(lines.count): \"t\" goes back from"), "got: \(run.error)")
    }
}
