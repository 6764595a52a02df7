@testable import BGSimCLI
import Foundation
import Synchronization
import Testing

/// `bgsim run --report/--markdown/--perfetto` and `bgsim report`: files written whole, the same bytes as Reports/.
@Suite(.serialized) struct ReportOutputTests {
    @Test func runWritesTheThreeReportsAndNothingElse() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = folder.appendingPathComponent("run.html").path
        let markdown = folder.appendingPathComponent("run.md").path
        let perfetto = folder.appendingPathComponent("run.perfetto.json").path
        let run = runTool([
            "run", "Scenarios/leaked-assertion-watchdog.json", "--report", html, "--markdown", markdown, "--perfetto", perfetto,
        ])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.out.contains("Report       \(html)"))
        #expect(run.out.contains("Markdown     \(markdown)"))
        #expect(run.out.contains("Perfetto     \(perfetto)"))
        #expect(!run.out.contains("\u{1B}["), "colour reached a console that is not a terminal")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["run.html", "run.md", "run.perfetto.json"])
        #expect(try String(contentsOfFile: html, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        #expect(try String(contentsOfFile: markdown, encoding: .utf8).hasPrefix("## bgsim: leaked-assertion-watchdog"))
        #expect(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: perfetto))) is [String: Any])
    }

    @Test(arguments: sampleScenarioPaths)
    func runWritesTheBytesOfTheCommittedReports(path: String) throws {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = runTool([
            "run", path, "--report", folder.appendingPathComponent("a.html").path,
            "--markdown", folder.appendingPathComponent("a.md").path, "--perfetto", folder.appendingPathComponent("a.json").path,
        ])
        #expect(run.error.isEmpty)
        for (written, committed) in [("a.html", "\(name).html"), ("a.md", "\(name).md"), ("a.json", "\(name).perfetto.json")] {
            let fresh = try Data(contentsOf: folder.appendingPathComponent(written))
            let kept = try Data(contentsOf: packageRoot.appendingPathComponent("Reports/\(committed)"))
            #expect(fresh == kept, "bgsim run \(path) does not write Reports/\(committed); regenerate with Reports/regenerate.sh")
        }
    }

    @Test func aMissingFolderFailsBeforeTheRunAndLeavesNothing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("t.jsonl").path
        let run = runTool([
            "run", "Scenarios/save-on-background.json", "--trace", trace, "--report", folder.appendingPathComponent("no/such/x.html").path,
        ])
        #expect(run.status == 73)
        #expect(run.error.contains("does not exist"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func reportDrawsATraceFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("t.jsonl").path
        #expect(runTool(["run", "Scenarios/expiration-ends-async.json", "--trace", trace]).status == 0)
        let html = folder.appendingPathComponent("t.html").path
        let markdown = folder.appendingPathComponent("t.md").path
        let report = runTool(["report", trace, "-o", html, "--markdown", markdown, "--scenario", "Scenarios/expiration-ends-async.json"])
        #expect(report.status == 0, "\(report.error)")
        #expect(report.out == "wrote \(html)\nwrote \(markdown)\n")
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("from a trace"))
        #expect(page.contains("bgsim run Scenarios/expiration-ends-async.json --seed 3 --until 3m"))
        // The fingerprint read back from the file is the run's.
        let committed = try String(contentsOf: packageRoot.appendingPathComponent("Reports/expiration-ends-async.md"), encoding: .utf8)
        let fingerprint = try #require(committed.split(separator: "`").dropFirst().first)
        #expect(page.contains("<code>\(fingerprint)</code>"))
    }

    @Test func reportNeedsAnOutputAndAReadableTrace() throws {
        let none = runTool(["report", "t.jsonl"])
        #expect(none.status == 64)
        #expect(none.error.contains("needs an output: --output (-o), --markdown or --perfetto"))
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.jsonl")
        // A real first line, then a damaged one.
        let good = folder.appendingPathComponent("good.jsonl")
        #expect(runTool(["run", "Scenarios/save-on-background.json", "--trace", good.path]).status == 0)
        let header = try #require(String(decoding: Data(contentsOf: good), as: UTF8.self).split(separator: "\n").first)
        try FileManager.default.removeItem(at: good)
        try Data((header + "\n{\"kind\":\"x\",\"seq\":1,\"t\":0.5}\n").utf8).write(to: bad)
        let run = runTool(["report", bad.path, "-o", folder.appendingPathComponent("x.html").path])
        #expect(run.status == 65)
        #expect(run.error.contains("bad.jsonl: line 2: column"))
        #expect(run.error.contains("not an integer"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["bad.jsonl"])
    }

    @Test func colourOnlyForATerminalThatWantsIt() {
        #expect(TerminalColour.isWanted(environment: [:], standardOutputIsTerminal: true))
        #expect(!TerminalColour.isWanted(environment: [:], standardOutputIsTerminal: false))
        #expect(!TerminalColour.isWanted(environment: ["NO_COLOR": "1"], standardOutputIsTerminal: true))
        #expect(TerminalColour.isWanted(environment: ["NO_COLOR": ""], standardOutputIsTerminal: true))
        #expect(!TerminalColour.isWanted(environment: ["TERM": "dumb"], standardOutputIsTerminal: true))
    }

    @Test func colourReachesTheRunOutputWhenAsked() {
        let out = Mutex("")
        let console = Console(out: { text in out.withLock { $0 += text } }, error: { _ in })
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(packageRoot.path)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        #expect(BGSimTool.main(["run", "Scenarios/leaked-assertion-watchdog.json"], console: console, colour: true) == 0)
        let text = out.withLock { $0 }
        #expect(text.contains("\u{1B}[1;32mPASS\u{1B}[0m"))
        #expect(text.contains("\u{1B}[1;31mBGS001\u{1B}[0m"))
    }
}
