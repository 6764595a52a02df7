@testable import BGSimCLI
import Foundation
import Testing

/// The README shows real output: its excerpt must still be what `bgsim run` prints.
@Suite(.serialized) struct ReadmeTests {
    @Test func quickStartExcerptMatchesTheRealOutput() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        // The quick start's first command, and the fenced block after "An excerpt:".
        let command = try #require(readme.split(separator: "\n").first { $0.hasPrefix("swift run bgsim run ") })
        let arguments = command.split(separator: "#")[0].split(separator: " ").dropFirst(3).map(String.init)  // after "swift run bgsim"
        let excerptStart = try #require(readme.range(of: "An excerpt:\n\n```\n"))
        let excerptEnd = try #require(readme.range(of: "\n```", range: excerptStart.upperBound..<readme.endIndex))
        let excerpt = readme[excerptStart.upperBound..<excerptEnd.lowerBound].split(separator: "\n", omittingEmptySubsequences: true)
        #expect(excerpt.count > 10)
        let run = runTool(arguments)
        let output = Set(run.out.split(separator: "\n").map(String.init))
        for line in excerpt {
            let found = output.contains(String(line))
            #expect(found, "README line not in the output of `bgsim \(arguments.joined(separator: " "))`: \(line)")
        }
    }
}
