import Foundation
import Testing

/// The corpus of issue 19 stays readable and the correct apps stay quiet when run: what `swift test` can afford of
/// `.ci/corpus` (which also fuzzes both folders).
@Suite struct CorpusTests {
    /// The files of one corpus folder, by path relative to the package root, sorted.
    static func corpus(_ folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Scenarios/\(folder)").path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { "Scenarios/\(folder)/\($0)" }
    }

    @Test func everyCorpusFileValidates() {
        let correct = Self.corpus("correct")
        let bugs = Self.corpus("bugs-day-of-use")
        #expect(correct.count >= 15 && bugs.count >= 20)
        let run = runTool(["validate"] + correct + bugs)
        #expect(run.status == 0, "\(run.error)")
    }

    /// Every correct app passes `bgsim run` over seeds 1-5 with no diagnostic above info.
    @Test(arguments: corpus("correct"))
    func aCorrectAppRunsQuietly(path: String) throws {
        let run = runTool(["run", path, "--seeds", "1-5", "--format", "json"])
        #expect(run.status == 0, "\(path): \(run.out)")
        let json = try jsonObject(run.out)
        #expect(json["failed"] as? Int == 0)
        let rules = try #require(json["rules"] as? [[String: Any]])
        #expect(rules.allSatisfy { $0["severity"] as? String == "info" }, "\(path): \(rules)")
    }
}
