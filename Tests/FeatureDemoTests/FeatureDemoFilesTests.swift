import Foundation
import Testing

/// docs/contributing.md lists the feature demo's files: exactly the Swift files under Sources/ and Tests/ that
/// mention the flag, so the list cannot drift from the code. Runs in every build, with the flag or without.
@Suite struct FeatureDemoFilesTests {
    /// The flag, spelled in two pieces so that this file does not mention it.
    static let flag = "BGSIM_FEATURE" + "_DEMO"

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Swift files under `folder` (relative to the package root) whose text mentions the flag.
    static func filesMentioningTheFlag(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".swift"),
                  let text = try? String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8),
                  text.contains(flag)
            else { continue }
            found.append(folder + "/" + relative)
        }
        return found
    }

    /// The paths listed under "The feature demo's files": the first `code` of each bullet, until the next heading.
    static func listedFiles() throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/contributing.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "### The feature demo's files"))
        var listed: [String] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("#") { break }
            guard line.hasPrefix("- `"), let end = line.dropFirst(3).firstIndex(of: "`") else { continue }
            listed.append(String(line[line.index(line.startIndex, offsetBy: 3)..<end]))
        }
        return listed
    }

    @Test func theListInContributingIsTheFilesThatMentionTheFlag() throws {
        let listed = try Self.listedFiles()
        let found = Self.filesMentioningTheFlag(under: "Sources") + Self.filesMentioningTheFlag(under: "Tests")
        #expect(Set(listed).count == listed.count, "a file is listed twice")
        #expect(Set(found).subtracting(listed).sorted() == [], "mention the flag but are not listed in docs/contributing.md")
        #expect(Set(listed).subtracting(found).sorted() == [], "listed in docs/contributing.md but do not mention the flag")
        #expect(listed.count >= 10)
    }
}
