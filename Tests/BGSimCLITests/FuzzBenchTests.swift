import Foundation
import Testing

/// `bgsim bench`'s fuzz section: each small sample with one job and two, the same result either way.
@Suite(.serialized) struct FuzzBenchTests {
    @Test func everySmallSampleIsFuzzedWithOneJobAndTwoWithTheSameResult() throws {
        let run = BenchTests.quickRun
        #expect(run.status == 0, "bench failed: \(run.error)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let rows = try #require(document["fuzz"] as? [[String: Any]])
        #expect(rows.count >= 4)
        let files = Set(rows.compactMap { $0["file"] as? String })
        #expect(files.contains("Scenarios/refresh-expires-while-saving.json"))
        for file in files {
            let jobs = rows.filter { $0["file"] as? String == file }.compactMap { $0["jobs"] as? Int }
            #expect(jobs == [1, 2], "\(file): \(jobs)")
        }
        for row in rows {
            #expect((row["runsPerSecond"] as? Int ?? 0) > 0)
            #expect(row["runs"] as? Int == 40)
            #expect(row["sameAsOneJob"] as? Bool == true, "\(row)")
        }
        let targets = try #require(document["targets"] as? [[String: Any]])
        #expect(targets.contains { ($0["name"] as? String)?.hasPrefix("fuzz, ") == true })
    }

    @Test func aSectionAloneRunsOnlyThatSection() throws {
        let run = runTool(["bench", "--quick", "--section", "fuzz", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect((document["holdModel"] as? [Any])?.isEmpty == true)
        #expect((document["fuzz"] as? [Any])?.isEmpty == false)
    }
}
