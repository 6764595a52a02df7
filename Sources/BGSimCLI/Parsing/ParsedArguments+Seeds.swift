extension ParsedArguments {
    /// The most seeds one `--seeds` may name: a distribution needs hundreds, not millions.
    static let maximumSeeds = 100_000

    /// An option's value as a list of seeds (`1-100`, `1,5,9`, `1-10,20`), in the order written, or `nil` when it was not given.
    func seedList(_ name: String) throws(UsageError) -> [UInt64]? {
        guard let text = value(name) else { return nil }
        let expected = "seeds as 1-100, 1,5,9 or 1-10,20 (decimal integers from 0 to \(UInt64.max))"
        func number(_ part: Substring) throws(UsageError) -> UInt64 {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && $0.isWholeNumber }), let value = UInt64(part) else {
                throw .invalidValue(name, expected: expected, got: text, command: command)
            }
            return value
        }
        var seeds: [UInt64] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
            guard bounds.count <= 2 else { throw .invalidValue(name, expected: expected, got: text, command: command) }
            let first = try number(bounds[0])
            let last = bounds.count == 2 ? try number(bounds[1]) : first
            guard first <= last else {
                throw UsageError(message: "\"\(name)\": the range \(part) runs backwards; write \(last)-\(first)", command: command)
            }
            guard last - first < UInt64(Self.maximumSeeds), seeds.count + Int(last - first) + 1 <= Self.maximumSeeds else {
                throw UsageError(message: "\"\(name)\" names more than \(Self.maximumSeeds) seeds", command: command)
            }
            var seed = first
            while true {
                if !seeds.contains(seed) { seeds.append(seed) }
                if seed == last { break }
                seed += 1
            }
        }
        return seeds
    }
}
