/// The story with its repetitions folded: a line that comes back at once, or a block of lines that comes back, is told once with a count.
///
/// A refresh every fifteen minutes tells the same eight lines each time, a
/// clean-up saves its progress thirty times in a row; the text story would
/// be those lines over and over. Lines count as the same when they have the
/// same teller and the same words once numbers are set aside (times, counts,
/// job numbers), so "due at 9h41m24s" and "due at 12h09m41s" are one line
/// said twice, and the fold says when numbers differed. Only consecutive
/// repetitions fold, so the order of events stays as it was.
struct StoryDigest: Sendable {
    /// One line of the folded story.
    enum Item: Sendable, Hashable {
        /// A line of the story; `repeats` is how many times it was told in a row (1 when once), the last at `last`.
        case line(Timeline.Entry, repeats: Int, last: Int64, numbersVary: Bool)
        /// The `lines` lines above came back `times` more times in a row, the last of them ending at `last`.
        case block(lines: Int, times: Int, last: Int64, numbersVary: Bool)
    }

    /// The longest block of lines looked for.
    static let longestBlock = 12

    /// The folded story, in order.
    let items: [Item]

    init(_ entries: [Timeline.Entry]) {
        // Each line as two numbers: its words without numbers (what folds), and its exact words (whether numbers varied).
        // The dictionaries are only looked up, so their order never matters.
        var shapes: [String: Int] = [:]
        var exact: [String: Int] = [:]
        var shape: [Int] = []
        var words: [Int] = []
        shape.reserveCapacity(entries.count)
        words.reserveCapacity(entries.count)
        for entry in entries {
            let teller = entry.actor.name + "\u{1F}"
            let key = teller + Self.withoutNumbers(entry.text)
            if shapes[key] == nil { shapes[key] = shapes.count }
            shape.append(shapes[key]!)
            let full = teller + entry.text
            if exact[full] == nil { exact[full] = exact.count }
            words.append(exact[full]!)
        }
        func sameBlock(_ a: Int, _ b: Int, length: Int) -> Bool {
            for offset in 0..<length where shape[a + offset] != shape[b + offset] { return false }
            return true
        }
        func numbersVary(_ start: Int, length: Int, times: Int) -> Bool {
            for offset in 0..<length {
                for copy in 1..<times where words[start + offset] != words[start + copy * length + offset] { return true }
            }
            return false
        }
        var items: [Item] = []
        var index = 0
        while index < entries.count {
            // The block length that saves the most lines here, the shortest on a tie.
            var best = (length: 0, times: 1)
            for length in 1...Self.longestBlock where index + 2 * length <= entries.count {
                var times = 1
                while index + (times + 1) * length <= entries.count && sameBlock(index, index + times * length, length: length) {
                    times += 1
                }
                if times >= 2 && length * (times - 1) > best.length * (best.times - 1) { best = (length, times) }
            }
            guard best.length > 0 else {
                items.append(.line(entries[index], repeats: 1, last: entries[index].time, numbersVary: false))
                index += 1
                continue
            }
            let end = index + best.length * best.times
            let varies = numbersVary(index, length: best.length, times: best.times)
            if best.length == 1 {
                items.append(.line(entries[index], repeats: best.times, last: entries[end - 1].time, numbersVary: varies))
            } else {
                for offset in 0..<best.length {
                    items.append(.line(entries[index + offset], repeats: 1, last: entries[index + offset].time, numbersVary: false))
                }
                items.append(.block(lines: best.length, times: best.times - 1, last: entries[end - 1].time, numbersVary: varies))
            }
            index = end
        }
        self.items = items
    }

    /// `text` with each run of digits (and the units and decimal points written with them) replaced by `#`.
    static func withoutNumbers(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return text }
        var output = ""
        var inNumber = false
        for character in text {
            if character.isASCII && character.isNumber {
                if !inNumber { output.append("#") }
                inNumber = true
            } else if inNumber && (character == "." || character == "d" || character == "h" || character == "m" || character == "s") {
                continue
            } else {
                inNumber = false
                output.append(character)
            }
        }
        return output
    }
}
