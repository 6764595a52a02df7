import Foundation
import SimulationReports
import Testing

/// Reports/ holds the reports of every sample scenario; this regenerates them in memory and
/// compares them byte for byte with the committed files: the visible determinism proof.
@Suite struct ReportsFolderTests {
    @Test func everyCommittedReportMatchesAFreshRun() throws {
        let files = try ReportsFolder.generate()
        let folder = ReportsFolder.root.appendingPathComponent("Reports")
        if let record = ProcessInfo.processInfo.environment[ReportsFolder.recordVariable], !record.isEmpty {
            for file in files {
                try AtomicFile.write(file.contents, to: ReportsFolder.root.appendingPathComponent(file.path).path)
            }
            for stale in try strayFiles(in: folder, expected: files) {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(stale))
            }
            return
        }
        var problems: [String] = []
        for file in files {
            let url = ReportsFolder.root.appendingPathComponent(file.path)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                problems.append("\(file.path) is missing")
                continue
            }
            let committed = String(decoding: data, as: UTF8.self)
            if committed != file.contents {
                problems.append("\(file.path) differs from a fresh run, \(firstDifference(committed, file.contents))")
            }
        }
        for stale in try strayFiles(in: folder, expected: files) {
            problems.append("Reports/\(stale) belongs to no sample scenario")
        }
        if !problems.isEmpty {
            Issue.record(
                """
                Reports/ is out of date:
                  \(problems.joined(separator: "\n  "))
                Regenerate every report with: \(ReportsFolder.regenerateCommand)
                """)
        }
    }

    @Test func regenerationGivesTheSameBytesTwice() throws {
        let first = try ReportsFolder.generate()
        let second = try ReportsFolder.generate()
        #expect(first.map(\.path) == second.map(\.path))
        for (a, b) in zip(first, second) { #expect(a.contents == b.contents, "\(a.path) is not deterministic") }
    }

    @Test func theIndexLinksEveryReport() throws {
        let files = try ReportsFolder.generate()
        let readme = try #require(files.last { $0.path == "Reports/README.md" })
        for file in files where file.path != "Reports/README.md" {
            let name = URL(fileURLWithPath: file.path).lastPathComponent
            #expect(readme.contents.contains("](\(name))"), "the index does not link \(name)")
        }
        #expect(readme.contents.contains(ReportsFolder.regenerateCommand))
    }

    /// Report-like files of Reports/ that no scenario generates (a renamed or deleted scenario).
    private func strayFiles(in folder: URL, expected: [ReportsFolder.File]) throws -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let expectedNames = expected.map { URL(fileURLWithPath: $0.path).lastPathComponent }
        return names.filter { name in
            (name.hasSuffix(".html") || name.hasSuffix(".md") || name.hasSuffix(".json")) && !expectedNames.contains(name)
        }.sorted()
    }

    /// Where two texts first differ: the line and column, and both texts around it.
    private func firstDifference(_ committed: String, _ fresh: String) -> String {
        let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let new = fresh.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(old.count, new.count) {
            let a = index < old.count ? Array(old[index]) : Array("(end of file)")
            let b = index < new.count ? Array(new[index]) : Array("(end of file)")
            guard a != b else { continue }
            var column = 0
            while column < min(a.count, b.count) && a[column] == b[column] { column += 1 }
            // Lines of SVG are long: show the neighbourhood of the first difference.
            func excerpt(_ line: [Character]) -> String {
                let start = max(0, column - 40)
                let end = min(line.count, column + 80)
                return (start > 0 ? "…" : "") + String(line[start..<end]) + (end < line.count ? "…" : "")
            }
            return "first at line \(index + 1), column \(column + 1):\n      committed: \(excerpt(a))\n      fresh:     \(excerpt(b))"
        }
        return "in its final newline"
    }
}
