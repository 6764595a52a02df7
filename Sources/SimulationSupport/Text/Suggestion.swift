/// "Did you mean ...?" for names a person typed: the closest known name by edit distance.
package enum Suggestion {
    /// The candidate closest to `name`, if one is close enough to be a likely typo.
    ///
    /// Case is ignored. A candidate qualifies when its Levenshtein distance is
    /// at most a third of the longer name (at least 1), or when one name
    /// contains the other. Ties go to the earlier candidate, so the answer
    /// does not depend on hashing.
    ///
    /// Names longer than ``maximumLength`` get no suggestion: nobody mistypes
    /// a name that long, and a file can hold a megabyte-long one.
    ///
    /// - Complexity: O(*c* × *m* × min(*n*, ``maximumLength``)) for *c*
    ///   candidates of length *m* and a name of length *n*, plus O(*n*) to
    ///   measure the name.
    package static func closest(to name: String, among candidates: [String]) -> String? {
        guard name.utf8.count <= maximumLength * 4, name.unicodeScalars.count <= maximumLength else { return nil }
        let lowered = name.lowercased()
        let needle = Array(lowered.unicodeScalars)
        guard !needle.isEmpty else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let loweredCandidate = candidate.lowercased()
            let hay = Array(loweredCandidate.unicodeScalars)
            let allowed = max(1, max(needle.count, hay.count) / 3)
            let contains = hay.count >= 3 && needle.count >= 3
                && (loweredCandidate.contains(lowered) || lowered.contains(loweredCandidate))
            // The difference in length is a lower bound of the distance: skip the table when it already says no.
            guard contains || abs(needle.count - hay.count) <= allowed else { continue }
            let distance = editDistance(needle, hay)
            guard distance <= allowed || contains else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// The longest name, in characters, that may get a suggestion.
    package static let maximumLength = 256

    /// " (did you mean \"x\"?)" or an empty string, ready to append to a message.
    package static func hint(for name: String, among candidates: [String]) -> String {
        guard let match = closest(to: name, among: candidates) else { return "" }
        return " (did you mean \"\(match)\"?)"
    }

    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
