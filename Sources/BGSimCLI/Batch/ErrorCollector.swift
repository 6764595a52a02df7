import Foundation
import ScenarioFormat

/// Every error of a scenario file, not just the first: what `bgsim validate` prints.
///
/// The reader stops at its first error. Entries of a list (timeline entries,
/// steps, outputs, task expectations) are read independently of each other,
/// so after an error inside one, the collector removes that entry from the
/// text and reads the file again, until it loads or an error is not inside a
/// list entry. Paths and lines are those of the original file. What still
/// stops at the first error: broken JSON syntax, an error outside any list
/// (a missing top-level key, a bad `stopAt`, an unknown key of `app`), and
/// anything after ``maximumErrors``. Removing an entry can hide a later
/// error that depends on it (an action referred to by a removed tap), never
/// invent one: an error about a list it took entries from ends the collection
/// unreported.
struct ErrorCollector {
    /// The most errors reported for one file.
    static let maximumErrors = 100

    /// An error with its place in the original file.
    struct Located {
        var error: ScenarioError
        var position: JSONLocator.Position?
    }

    /// Reads `input` and returns the scenario when it loads, and every error found.
    static func collect(_ input: ScenarioInput) -> (scenario: Scenario?, errors: [Located]) {
        guard input.readable else {
            do {
                return (try input.load(), [])
            } catch {
                return (nil, [Located(error: error, position: nil)])
            }
        }
        let original = input.locator
        var bytes = input.bytes
        var removed: [(list: String, index: Int)] = []
        var errors: [Located] = []
        while errors.count < maximumErrors {
            let error: ScenarioError
            do {
                let scenario = try Scenario.decode(Data(bytes), file: input.name)
                return (errors.isEmpty ? scenario : nil, errors)
            } catch let caught {
                error = caught
            }
            let isPath = !error.location.isEmpty && !error.location.hasPrefix("line ")
            guard isPath else {
                // Syntax errors are placed in the text read; with entries removed, that is not the file's text.
                let position = removed.isEmpty ? input.position(of: error) : nil
                errors.append(Located(error: error, position: position))
                break
            }
            let originalPath = Self.original(error.location, removed: removed)
            // An error about a list this collector took entries out of ("needs at least one entry") is its own doing.
            if removed.contains(where: { $0.list == originalPath }) { break }
            let located = ScenarioError(file: error.file, location: originalPath, message: error.message)
            errors.append(Located(error: located, position: original.position(of: originalPath)))
            // The innermost list entry holding the error, in the current text and in the original.
            guard let bracket = error.location.lastIndex(of: "["),
                  let close = error.location[bracket...].firstIndex(of: "]"),
                  let index = Int(error.location[error.location.index(after: bracket)..<close]) else { break }
            let entry = String(error.location[...close])
            let list = String(error.location[..<bracket])
            let current = JSONLocator(bytes: bytes)
            guard let cut = Self.cut(entry: entry, list: list, index: index, in: current) else { break }
            let originalEntry = Self.original(entry, removed: removed)
            guard let originalBracket = originalEntry.lastIndex(of: "["),
                  let originalIndex = Int(originalEntry[originalEntry.index(after: originalBracket)...].dropLast()) else { break }
            removed.append((String(originalEntry[..<originalBracket]), originalIndex))
            bytes.removeSubrange(cut)
        }
        return (nil, errors)
    }

    /// The bytes to remove to take entry `index` out of `list`: the entry and the comma on one side of it.
    static func cut(entry: String, list: String, index: Int, in locator: JSONLocator) -> Range<Int>? {
        guard let range = locator.range(of: entry) else { return nil }
        if let next = locator.range(of: "\(list)[\(index + 1)]") { return range.lowerBound..<next.lowerBound }
        if index > 0, let previous = locator.range(of: "\(list)[\(index - 1)]") { return previous.upperBound..<range.upperBound }
        return range
    }

    /// `path` of the text with entries removed, as a path of the original file.
    static func original(_ path: String, removed: [(list: String, index: Int)]) -> String {
        var result = ""
        var rest = Substring(path)
        while !rest.isEmpty {
            if rest.first == "[", let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]) {
                // The index-th entry among those not removed from this list.
                let gone = removed.filter { $0.list == result }.map(\.index)
                var originalIndex = -1
                var seen = -1
                while seen < index {
                    originalIndex += 1
                    if !gone.contains(originalIndex) { seen += 1 }
                }
                result += "[\(originalIndex)]"
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.dropFirst().firstIndex { $0 == "[" || $0 == "." } ?? rest.endIndex
                result += rest[..<end]
                rest = rest[end...]
            }
        }
        return result
    }
}
